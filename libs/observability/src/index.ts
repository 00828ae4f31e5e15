export { createLogger } from './logger';
export type { Logger } from './logger';
export { MetricsRegistry } from './metrics';
