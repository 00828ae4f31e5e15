import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Flags for a quiet, reproducible headless run: no GPU, no QUIC, no background calls home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_INSTALL_HINT = 'install Debian\'s chromium to run them: apt-get install chromium (or set CHROMIUM_PATH)';

/** CHROMIUM_PATH or Debian's /usr/bin/chromium, when it exists. */
export function chromiumPath(): string | null {
  const path = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile, driven by playwright-core (browser tests in `*.e2e.ts`).
 * Without a Chromium the calling suite is skipped (`this.skip()` in its `before`), with a hint.
 */
export async function launchChromium(suite: Mocha.Context): Promise<TestBrowser> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    // eslint-disable-next-line no-console -- mocha shows no reason for a skip; this says how to run them
    console.warn(`  browser tests skipped: no Chromium at ${process.env['CHROMIUM_PATH'] || '/usr/bin/chromium'}; ${CHROMIUM_INSTALL_HINT}`);
    suite.skip();
  }
  const profile = mkdtempSync(join(tmpdir(), 'platform-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executablePath as string,
    headless: true,
    args: CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), // playwright adds its own headless flag
    timeout: 30_000,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
