import { randomBytes } from 'node:crypto';

/**
 * Settings the whole test run shares: its own scratch database and Redis prefix, so a run never
 * sees or leaves state from another (CONTRACT section 2: `npm test` creates and drops its database).
 */
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

function scratchDatabaseUrl(): string {
  const base = new URL(process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/platform_test_${runId}`;
  return base.toString();
}

export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
  DATABASE_URL: scratchDatabaseUrl(),
  REDIS_URL: process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0',
  REDIS_PREFIX: `test:${runId}`,
  DB_POOL_MAX: '5',
  JWT_SECRET: 'test-jwt-secret-0123456789abcdef',
  ADMIN_EMAIL: 'root-admin@example.com',
  ADMIN_PASSWORD: 'root-admin-password',
  JOBS_DASHBOARD_TOKEN: 'test-dashboard-token-0123',
  // Every test client is 127.0.0.1: per-IP limits are tested with their own settings and prefix.
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  AUTH_REGISTER_RATE_LIMIT: '100000',
  PAYMENT_CALLBACK_RATE_LIMIT: '100000',
  // Newsletter limits count anonymous readers per IP and the shared test admin per sub, across files:
  // content-rate-limits.e2e and admin-content-rate-limits.e2e prove them with small limits of their own.
  CONTENT_ADMIN_RATE_LIMIT: '100000',
  CONTENT_CUSTOMER_ITEM_RATE_LIMIT: '100000',
  CONTENT_CUSTOMER_SERIES_RATE_LIMIT: '100000',
  CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT: '100000',
  // Tests change cached answers in Redis and expect the next request to see it (analysis-cache.spec covers the local copy).
  ANALYSIS_LOCAL_CACHE_MS: '0',
  STORAGE_LOCAL_ROOT: `tmp/test-storage/${runId}`,
};

/** The environment a test app is configured from: the run's settings over the process environment. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  return { ...process.env, ...TEST_ENV, ...overrides };
}
