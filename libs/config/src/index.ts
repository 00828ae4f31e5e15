export { loadConfig } from './load-config';
export { ConfigError } from './config.errors';
export type { AppConfig } from './app-config';
export { envSchema, SECRET_KEYS, REQUIRED_IN_PRODUCTION } from './env-schema';
