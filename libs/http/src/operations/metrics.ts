import { timingSafeEqual } from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';
import type { MetricsRegistry } from '@platform/observability';
import { DomainError } from '@platform/domain';

/** Records a duration per route pattern (never the raw URL, to keep label cardinality bounded). */
export function requestMetrics(metrics: MetricsRegistry) {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.httpRequestDuration.startTimer();
    res.on('finish', () => {
      // Only matched route patterns become labels; anything else could be chosen by a client.
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      stop({ method: req.method, route: String(route), status_code: String(res.statusCode) });
    });
    next();
  };
}

/**
 * `GET /metrics` for a Prometheus scraper holding `METRICS_TOKEN` (its `authorization` bearer
 * token). Route names, traffic and error rates are not for anyone who finds the port.
 */
export function mountMetricsRoute(app: Express, metrics: MetricsRegistry, token: string): void {
  app.get('/metrics', async (req, res, next) => {
    try {
      if (!holdsToken(req.headers.authorization, token)) throw new DomainError('UNAUTHORIZED', 'A metrics token is required');
      res.set('Content-Type', metrics.contentType).send(await metrics.render());
    } catch (error) {
      next(error);
    }
  });
}

function holdsToken(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
