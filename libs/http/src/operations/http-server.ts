import { createServer, Server } from 'node:http';
import type { Express } from 'express';

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then drops the rest. */
  close(timeoutMs: number): Promise<void>;
}

export function listen(app: Express, port: number, host = '0.0.0.0'): Promise<RunningServer> {
  const server = createServer(app);
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
