import { createServer, Server } from 'node:http';
import type { Express } from 'express';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then drops the rest. */
  close(timeoutMs: number): Promise<void>;
}

export interface ServerTimeouts {
  /** The request line and headers must arrive within this (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (Node's `requestTimeout`). */
  requestTimeoutMs: number;
}

/** Node's defaults (60 s headers, 5 min request) are for servers that chose none. */
const DEFAULT_TIMEOUTS: ServerTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 900_000 };

export function listen(app: Express, port: number, host = '0.0.0.0', timeouts = DEFAULT_TIMEOUTS): Promise<RunningServer> {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node looks for expired requests only this often (30 s by default), which would stretch each timeout.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = 65_000; // above common load balancer idle timeouts
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        close: (timeoutMs) => closeGracefully(server, timeoutMs),
      });
    });
  });
}

/**
 * Keep-alive connections become idle as their last response ends; they are swept every 50 ms
 * so the server closes as soon as the in-flight requests are done, not at the deadline.
 */
function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
