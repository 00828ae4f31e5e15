export { mountHealthRoutes } from './health';
export type { ReadinessCheck } from './health';
export { requestMetrics, mountMetricsRoute } from './metrics';
export { installRequestLogging } from './request-logging';
export { securityHeaders } from './security-headers';
export { ApiDoc, ApiParameters, buildOpenApiDocument, idempotencyKeyParameter, mountOpenApi } from './openapi';
export type { OpenApiInfo } from './openapi';
export { listen } from './http-server';
export type { RunningServer } from './http-server';
