import { timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullAdapter } from '@bull-board/api/bullAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, NextFunction, Request, Response } from 'express';
import type { QueueRegistry } from '@platform/queue';

export const DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board at /admin/queues, behind JOBS_DASHBOARD_TOKEN: as a bearer token for tools, or as
 * the password of HTTP Basic auth (any user name) for a browser.
 */
export function mountQueueDashboard(app: Express, queues: QueueRegistry, token: string): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({ queues: queues.all().map((queue) => new BullAdapter(queue)), serverAdapter });
  // bull-board's router is an express app of its own, which sets X-Powered-By on what it serves
  // even though the jobs app disabled it.
  const board = serverAdapter.getRouter() as Express;
  board.disable('x-powered-by');
  app.use(DASHBOARD_PATH, requireToken(token), board);
}

function requireToken(expected: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (matches(presentedToken(req.headers.authorization), expected)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Basic realm="queues"')
      .json({ message: 'Dashboard token required', errorCode: 'UNAUTHORIZED' });
  };
}

function presentedToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  if (scheme === 'Bearer') return value;
  if (scheme === 'Basic' && value) return Buffer.from(value, 'base64').toString('utf8').split(':').slice(1).join(':');
  return undefined;
}

function matches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
