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
 * Runs `shutdown` once on SIGINT/SIGTERM, then exits. A second signal, or a shutdown that
 * overruns `timeoutMs`, exits at once.
 */
export function onShutdownSignal(shutdown: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
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
