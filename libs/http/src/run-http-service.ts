import type { Server } from 'node:http';
import type { AppConfig } from '@platform/config';
import {
  closeInfrastructure,
  createInfrastructure,
  Infrastructure,
  loadConfigOrExit,
  onShutdownSignal,
} from '@platform/runtime';
import type { HttpApp } from './create-http-app';
import { listen } from './operations';
import { pruneStaleUploadTempDirsOnce } from './uploads/upload-temp-dir';

export interface HttpServiceDefinition {
  name: string;
  port(config: AppConfig): number;
  create(infra: Infrastructure): HttpApp;
  /** Work after the app is built and before it listens (bootstrap rows, workers). */
  onStart?(app: HttpApp, infra: Infrastructure): Promise<void>;
  /**
   * Work once the server listens, on its node server (customer-api attaches socket.io to it). What
   * it answers is closed at shutdown as the server stops accepting: upgraded connections
   * (websockets) would otherwise hold the server open until the deadline.
   */
  onListening?(server: Server, app: HttpApp, infra: Infrastructure): { close(): Promise<void> };
  /** Work after the server stopped accepting and before connections close (draining workers). */
  onStop?(app: HttpApp, infra: Infrastructure): Promise<void>;
  /** Work once the jobs drained and the infrastructure closed: clients the app's container holds (the jobs app's SMTP pool). */
  onClosed?(app: HttpApp): void | Promise<void>;
}

/**
 * The whole life of an app process: validate config, connect, listen, and on SIGINT/SIGTERM
 * turn readiness off, stop accepting, drain in-flight requests and jobs, then close the pools.
 */
export async function runHttpService(definition: HttpServiceDefinition): Promise<void> {
  const config = loadConfigOrExit();
  const infra = await createInfrastructure(definition.name, config);
  const pruned = await pruneStaleUploadTempDirsOnce();
  if (pruned.length > 0) infra.logger.info({ pids: pruned }, 'removed the upload temporary folders of processes that are gone');
  const app = definition.create(infra);
  await definition.onStart?.(app, infra);
  const server = await listen(app.express, definition.port(config), '0.0.0.0', config.http);
  const attached = definition.onListening?.(server.server, app, infra);
  infra.logger.info({ port: server.port }, `${definition.name} listening`);

  onShutdownSignal(async () => {
    const started = Date.now();
    infra.logger.info(`${definition.name} shutting down`);
    app.beginShutdown();
    await Promise.all([server.close(config.http.shutdownTimeoutMs), attached?.close()]);
    await definition.onStop?.(app, infra);
    // Active jobs get what is left of SHUTDOWN_TIMEOUT_MS (at least a second); onShutdownSignal's
    // 5 s beyond it leave room to close Redis and the pool before it would exit with 1.
    const queuesWaitMs = Math.max(1_000, config.http.shutdownTimeoutMs - (Date.now() - started));
    await closeInfrastructure(infra, { queuesWaitMs });
    await definition.onClosed?.(app);
  }, config.http.shutdownTimeoutMs);
}

/** Entry point helper: a start failure is printed and exits non-zero. */
export function startService(definition: HttpServiceDefinition): void {
  runHttpService(definition).catch((error) => {
    process.stderr.write(`${definition.name} failed to start: ${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
