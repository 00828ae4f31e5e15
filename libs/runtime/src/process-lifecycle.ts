import { AppConfig, ConfigError, loadConfig } from '@platform/config';

/** Loads the configuration or stops the process with a message that names each bad key. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/**
 * Runs `shutdown` once on SIGINT/SIGTERM, then exits. A shutdown that overruns `timeoutMs`, or
 * a second signal sent a while after the first, exits at once. A second signal within a second
 * is the same request delivered twice (Ctrl-C reaches both `npm start` and its children, and
 * `npm start` forwards a SIGTERM), so it does not cut the drain short.
 */
export function onShutdownSignal(shutdown: () => Promise<void>, timeoutMs: number): void {
  let firstSignalAt: number | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt > 1_000) process.exit(130);
      return;
    }
    firstSignalAt = Date.now();
    const overrun = setTimeout(() => process.exit(1), timeoutMs + 5_000);
    overrun.unref();
    shutdown()
      .then(() => process.exit(0))
      .catch((error) => {
        process.stderr.write(`shutdown after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
