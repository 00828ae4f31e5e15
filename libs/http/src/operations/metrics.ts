import type { Express, NextFunction, Request, Response } from 'express';
import type { MetricsRegistry } from '@platform/observability';

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

export function mountMetricsRoute(app: Express, metrics: MetricsRegistry): void {
  app.get('/metrics', async (_req, res, next) => {
    try {
      res.set('Content-Type', metrics.contentType).send(await metrics.render());
    } catch (error) {
      next(error);
    }
  });
}
