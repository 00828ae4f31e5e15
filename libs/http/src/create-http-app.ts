import cors from 'cors';
import express, { Express } from 'express';
import { RoutingControllersOptions, useExpressServer } from 'routing-controllers';
import type { ContainerInstance } from 'typedi';
import { MetricsRegistry } from '@platform/observability';
import { pingRedis } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { authorizationChecker, currentUserChecker, installTokenAuthentication } from './auth';
import { EnvelopeInterceptor } from './envelope';
import { errorHandler, notFoundHandler, rejectNonObjectBodies } from './errors';
import { installPerAppIoc } from './ioc';
import { JsonBodyOptions, jsonBodies, requireReadableBody } from './json-bodies';
import { stopRoutingAfterActions } from './stop-after-response';
import { memoizeValidationMetadata } from './validation-metadata-memo';
import { explainUnmatchedRoutes } from './unmatched-routes';
import {
  buildOpenApiDocument,
  closeStalledBodies,
  mountHealthRoutes,
  mountMetricsRoute,
  mountOpenApi,
  OpenApiInfo,
  installRequestLogging,
  requestMetrics,
  securityHeaders,
} from './operations';

export interface HttpAppOptions {
  name: string;
  infra: Infrastructure;
  container: ContainerInstance;
  /** Listed explicitly, never found by glob. */
  controllers: Function[];
  /** Serve `/openapi.json` and `/docs` (the three APIs; not the jobs app). */
  openapi?: OpenApiInfo;
  /** Extra express wiring mounted before the controllers (static files, dashboards). */
  configure?: (app: Express) => void;
  /** JSON bodies: the size cap (1 MB), and the error over it (413 PAYLOAD_TOO_LARGE, or 400 where a spec says so). */
  jsonBody?: JsonBodyOptions;
}

export interface HttpApp {
  express: Express;
  container: ContainerInstance;
  metrics: MetricsRegistry;
  /** Turns `/readyz` to 503 so health checkers see the app leaving while it drains. */
  beginShutdown(): void;
}

/** The express + routing-controllers kit every app is built on. */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { infra, container } = options;
  const app = express();
  const metrics = new MetricsRegistry(options.name);
  let shuttingDown = false;

  app.locals['container'] = container;
  installTokenAuthentication(app.locals, container);
  app.set('trust proxy', infra.config.http.trustProxy);
  app.disable('x-powered-by');

  installRequestLogging(app, infra.logger);
  app.use(closeStalledBodies(infra.config.http.bodyIdleTimeoutMs));
  app.use(requestMetrics(metrics));
  // Resources (uploads, trailers) are meant to be embedded by the web and admin front-ends.
  app.use(securityHeaders({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(
    cors({
      origin: corsOrigin(infra.config.http.corsOrigins),
      exposedHeaders: ['Retry-After', 'X-Request-Id', 'Content-Disposition'],
    }),
  );

  mountHealthRoutes(
    app,
    { database: () => infra.db.ping(), redis: () => pingRedis(infra.redis) },
    () => shuttingDown,
  );
  mountMetricsRoute(app, metrics, infra.config.http.metricsToken);
  app.use(jsonBodies(options.jsonBody ?? { limit: '1mb', tooLarge: 'PAYLOAD_TOO_LARGE' }));
  app.use(rejectNonObjectBodies);
  options.configure?.(app);
  app.use(requireReadableBody);

  installPerAppIoc();
  memoizeValidationMetadata();
  stopRoutingAfterActions(options.controllers);
  const routing: RoutingControllersOptions = {
    controllers: options.controllers,
    interceptors: [EnvelopeInterceptor],
    defaultErrorHandler: false,
    classTransformer: true,
    validation: {
      whitelist: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    },
    authorizationChecker,
    currentUserChecker,
  };
  useExpressServer(app, routing);
  if (options.openapi) mountOpenApi(app, buildOpenApiDocument(routing, options.openapi));

  app.use(explainUnmatchedRoutes(app));
  app.use(notFoundHandler);
  app.use(errorHandler);

  return {
    express: app,
    container,
    metrics,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}

function corsOrigin(origins: string[]): boolean | string[] {
  return origins.includes('*') ? true : origins;
}
