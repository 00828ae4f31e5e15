import type { Express } from 'express';

export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 1_500;

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answers (CONTRACT section 1);
 * 503 SERVICE_UNAVAILABLE otherwise, naming the failing checks. `isShuttingDown` turns readiness
 * off first so a load balancer stops routing before the server closes.
 */
export function mountHealthRoutes(
  app: Express,
  checks: Record<string, ReadinessCheck>,
  isShuttingDown: () => boolean,
): void {
  app.get('/healthz', (_req, res) => {
    res.json({ message: 'OK', data: { status: 'ok' } });
  });
  app.get('/readyz', async (_req, res) => {
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name])));
    const status = Object.fromEntries(names.map((name, i) => [name, results[i].status === 'fulfilled' ? 'up' : 'down']));
    const ready = !isShuttingDown() && results.every((result) => result.status === 'fulfilled');
    if (ready) {
      res.json({ message: 'Ready', data: { status: 'ready', checks: status } });
    } else {
      res.status(503).json({
        message: isShuttingDown() ? 'Shutting down' : `Not ready: ${names.filter((n) => status[n] === 'down').join(', ')} down`,
        errorCode: 'SERVICE_UNAVAILABLE',
        checks: status,
      });
    }
  });
}
