export { mountHealthRoutes } from './health';
export type { ReadinessCheck } from './health';
export { requestMetrics, mountMetricsRoute } from './metrics';
export { requestLogging } from './request-logging';
export { ApiDoc, buildOpenApiDocument, mountOpenApi } from './openapi';
export type { OpenApiInfo } from './openapi';
export { listen } from './http-server';
export type { RunningServer } from './http-server';
