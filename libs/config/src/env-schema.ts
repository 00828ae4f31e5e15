import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Every environment key the platform reads, with its development default.
 * `.env.example` mirrors this file; CONTRACT.md section 2 names the keys.
 */
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const port = (fallback: number) => int(fallback, 1, 65535);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalUrl = () => z.url({ message: 'expected an absolute URL' }).optional();
const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));
const optionalString = () => z.string().min(1).optional();
/** A PEM key; `\n` escapes (one-line env files) become newlines. */
const pem = (kind: 'public' | 'private') =>
  z
    .string()
    .min(1)
    .transform((value) => value.replace(/\\n/g, '\n'))
    .refine(
      (value) => {
        try {
          if (kind === 'public') createPublicKey(value);
          else createPrivateKey(value);
          return true;
        } catch {
          return false;
        }
      },
      { message: `expected a PEM-encoded ${kind} key` },
    )
    .optional();

/** A service-account key given inline (`{...}`) or as a file path; checked for the two fields firebase needs. */
function isServiceAccount(value: string): boolean {
  try {
    const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return typeof parsed['client_email'] === 'string' && typeof parsed['private_key'] === 'string';
  } catch {
    return false;
  }
}

/** Keys that hold secrets: their values never appear in a message or a log. */
export const SECRET_KEYS = [
  'JWT_SECRET',
  'JWT_PRIVATE_KEY',
  'NEWSLETTER_UNSUBSCRIBE_SECRET',
  'ADMIN_PASSWORD',
  'DATABASE_URL',
  'REDIS_URL',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_PASSWORD',
  'SMTP_URL',
  'FCM_SERVICE_ACCOUNT_JSON',
  'ESEWA_SECRET_KEY',
  'KHALTI_SECRET_KEY',
  'JOBS_DASHBOARD_TOKEN',
  'METRICS_TOKEN',
] as const;

/** The payment gateways' endpoints; unset outside production they follow the local simulator. */
export const GATEWAY_URL_KEYS = ['ESEWA_FORM_URL', 'ESEWA_STATUS_URL', 'KHALTI_BASE_URL'] as const;

/**
 * Keys that have a development default (or one derived from a port) but must be set explicitly
 * in production: a default would be a known secret, or a localhost URL (the simulator for the
 * gateways, this machine for the URLs the gateways send payers back to).
 */
export const REQUIRED_IN_PRODUCTION = [
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'ESEWA_SECRET_KEY',
  'KHALTI_SECRET_KEY',
  ...GATEWAY_URL_KEYS,
  'ADMIN_API_PUBLIC_BASE_URL',
  'CUSTOMER_API_PUBLIC_BASE_URL',
  'MARKET_API_PUBLIC_BASE_URL',
  'JOBS_PUBLIC_BASE_URL',
  'JOBS_DASHBOARD_TOKEN',
  'RETURN_URL_ALLOWED_ORIGINS',
  'METRICS_TOKEN',
] as const;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool(false),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 100),
  // Slow or stalled clients (README "Configuration"): request headers must arrive within the first,
  // a request body may pause at most the second, and no request may take longer than the third
  // to arrive (sized for the largest upload).
  HTTP_HEADERS_TIMEOUT_MS: int(10_000, 100),
  HTTP_BODY_IDLE_TIMEOUT_MS: int(30_000, 100),
  HTTP_REQUEST_TIMEOUT_MS: int(900_000, 1_000),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).default('dev-only-metrics-token'),
  // Which proxies may set X-Forwarded-For: `false`, a hop count, or addresses/CIDRs/`loopback`.
  // `true` (trust every hop) is refused: any client could then choose its own IP and escape
  // per-IP rate limits.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => value.trim() !== 'true', { message: 'use a hop count or proxy addresses, not "true"' })
    .transform((value): boolean | number | string[] => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      return trimmed.split(',').map((item) => item.trim()).filter(Boolean);
    }),
  CORS_ORIGINS: list('*'),

  ADMIN_API_PORT: port(3001),
  CUSTOMER_API_PORT: port(3002),
  MARKET_API_PORT: port(3003),
  JOBS_PORT: port(3004),
  // Unset: http://localhost:<the app's port> (derived-defaults.ts), and so for every URL below
  // that defaults from a port.
  ADMIN_API_PUBLIC_BASE_URL: optionalUrl(),
  CUSTOMER_API_PUBLIC_BASE_URL: optionalUrl(),
  MARKET_API_PUBLIC_BASE_URL: optionalUrl(),
  JOBS_PUBLIC_BASE_URL: optionalUrl(),
  // Development stand-ins that `npm start` runs: the gateway simulator and the SMTP sink's web page.
  GATEWAY_SIM_PORT: port(3005),
  GATEWAY_SIM_PUBLIC_BASE_URL: optionalUrl(),
  SMTP_SINK_WEB_PORT: port(3006),

  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'expected a postgres:// URL' })
    .default('postgres://postgres@127.0.0.1:5432/platform'),
  DB_POOL_MAX: int(10, 1, 1000),
  DB_POOL_MIN: int(0, 0, 1000),
  DB_POOL_IDLE_MS: int(10_000, 0),
  DB_POOL_ACQUIRE_MS: int(10_000, 100),
  DB_STATEMENT_TIMEOUT_MS: int(30_000, 0),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'expected a redis:// URL' })
    .default('redis://127.0.0.1:6379/0'),
  REDIS_PREFIX: z.string().min(1).default('platform'),
  REDIS_CACHE_TTL_SECONDS: int(300, 1),
  // customer-api re-decides every socket's rooms this often (issue 23), besides the recheck a write that takes access away sends at once.
  REALTIME_ACCESS_RECHECK_SECONDS: int(60, 1, 86_400),

  JWT_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).default('dev-only-jwt-secret-change-me-0123456789'),
  JWT_PUBLIC_KEY: pem('public'),
  JWT_PRIVATE_KEY: pem('private'),
  JWT_ACCESS_TTL_SECONDS: int(900, 30),
  JWT_REFRESH_TTL_DAYS: int(30, 1, 365),
  // Keys the newsletter's one-click unsubscribe links; unset, a key derived from JWT_SECRET. Set it in
  // production, so that rotating JWT_SECRET does not break every unsubscribe link already sent.
  NEWSLETTER_UNSUBSCRIBE_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  ADMIN_EMAIL: z.email({ message: 'expected an email address' }).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).default('admin-password-123'),
  LOGIN_MAX_FAILURES: int(10, 1),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(50, 1),
  LOGIN_FAILURE_WINDOW_SECONDS: int(900, 1),
  LOGIN_MAX_ATTEMPTS_PER_IP: int(100, 1),
  AUTH_REGISTER_RATE_LIMIT: int(20, 1),
  AUTH_REGISTER_RATE_WINDOW_SECONDS: int(900, 1),

  JOBS_DASHBOARD_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).default('dev-only-dashboard-token'),

  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_LOCAL_ROOT: z.string().min(1).default('./storage'),
  S3_ENDPOINT: z.url({ message: 'expected an absolute URL' }).optional(),
  S3_BUCKET: z.string().min(1).default('platform'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool(true),
  S3_ACCESS_KEY_ID: optionalString(),
  S3_SECRET_ACCESS_KEY: optionalString(),
  S3_PUBLIC_BASE_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  SIGNED_URL_EXPIRES_SECONDS: int(3600, 1, 7 * 24 * 3600),

  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: port(1025),
  SMTP_USER: optionalString(),
  SMTP_PASSWORD: optionalString(),
  SMTP_FROM: z.string().min(1).default('Platform <no-reply@example.com>'),
  // smtp://user:pass@host:port or smtps://...; when set it wins over SMTP_HOST/PORT/USER/PASSWORD.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/?#]/, { message: 'expected an smtp:// or smtps:// URL' }).optional(),

  // Notifications (learning-commerce.md, "Events"): admin recipients and the push provider.
  NOTIFICATION_ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean))
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      message: 'expected comma-separated email addresses',
    }),
  PUSH_PROVIDER: z.enum(['log', 'fcm']).default('log'),
  PUSH_ADMIN_TOPIC: z.string().regex(/^[a-zA-Z0-9_.~%-]{1,900}$/, { message: 'expected an FCM topic name' }).default('admins'),
  // A service-account key: the JSON itself, or the path of a file holding it. Required when PUSH_PROVIDER=fcm.
  FCM_SERVICE_ACCOUNT_JSON: z
    .string()
    .min(1)
    .refine(isServiceAccount, { message: 'expected a service-account JSON (client_email, private_key) or a readable file holding one' })
    .optional(),
  FCM_PROJECT_ID: optionalString(),
  // How long one push request may take; a provider that never answers must not hold the notifications worker.
  PUSH_SEND_TIMEOUT_MS: int(10_000, 1, 300_000),

  ESEWA_PRODUCT_CODE: z.string().min(1).default('EPAYTEST'),
  ESEWA_SECRET_KEY: z.string().min(1).default('8gBm/:&EnhH.1/q'),
  ESEWA_FORM_URL: optionalUrl(),
  ESEWA_STATUS_URL: optionalUrl(),
  KHALTI_SECRET_KEY: z.string().min(1).default('dev-khalti-secret-key'),
  KHALTI_BASE_URL: optionalUrl(),
  // Unset: the local apps' origins (defaultReturnUrlOrigins); `*` (any) is refused in production.
  RETURN_URL_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) => value?.split(',').map((item) => item.trim()).filter(Boolean)),
  // Payment callbacks (public, unauthenticated) per client IP per minute; over it they still redirect, with failed.
  PAYMENT_CALLBACK_RATE_LIMIT: int(60, 1),

  COURSE_TRAILER_MAX_FILE_SIZE_MB: int(250, 1),
  UPLOAD_MAX_FILE_SIZE_MB: int(50, 1),
  HEARTBEAT_RATE_LIMIT_SECONDS: int(8, 1),
  TRAINING_VIDEO_TOKEN_TTL_SECONDS: int(900, 30),
  TRAINING_WAITLIST_HOLD_HOURS: int(48, 1),
  COMPLETION_THRESHOLD_PERCENT: int(90, 1, 100),
  // watch_events retention (monthly partitions wholly older than this are dropped) and how many
  // months of partitions ahead of the current one the daily maintenance job keeps ready.
  WATCH_EVENTS_RETENTION_DAYS: int(365, 31),
  WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS: int(2, 1, 24),
  CART_CUSTOMER_OPERATION_RATE_LIMIT: int(60, 1),
  CART_CUSTOMER_RATE_WINDOW_SECONDS: int(60, 1),
  CART_CUSTOMER_CACHE_TTL_SECONDS: int(60, 1),
  CART_EXPIRE_INTERVAL_MS: int(3_600_000, 1000),
  CART_TTL_HOURS: int(24 * 30, 1),
  ORDER_HISTORY_CACHE_TTL_SECONDS: int(120, 1),
  ORDER_ADMIN_CACHE_TTL_SECONDS: int(60, 1),
  ORDER_AUTO_CANCEL_MINUTES: int(30, 1),
  // An Idempotency-Key replays its first answer this long; older keys are swept and may be used anew.
  IDEMPOTENCY_KEY_TTL_HOURS: int(24, 1, 24 * 365),
  SUBSCRIPTION_ENTITLEMENT_CACHE_TTL_SECONDS: int(300, 1),
  CONTENT_ADMIN_RATE_LIMIT: int(120, 1),
  CONTENT_ADMIN_RATE_WINDOW_SECONDS: int(60, 1),
  CONTENT_CUSTOMER_ITEM_RATE_LIMIT: int(300, 1),
  CONTENT_CUSTOMER_ITEM_RATE_WINDOW_SECONDS: int(60, 1),
  CONTENT_CUSTOMER_SERIES_RATE_LIMIT: int(300, 1),
  CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT: int(300, 1),
  CONTENT_CUSTOMER_SERIES_RATE_WINDOW_SECONDS: int(60, 1),
  // How long a process keeps its own copy of a cached stock-analysis answer it read from Redis (0: off).
  ANALYSIS_LOCAL_CACHE_MS: int(1_000, 0, 60_000),
  PORTFOLIO_CGT_MAX_SHORT_PERCENT: z.coerce.number().min(0).max(100).default(7.5),
  PORTFOLIO_CGT_MAX_LONG_PERCENT: z.coerce.number().min(0).max(100).default(5),
});

export type RawEnv = z.infer<typeof envSchema>;
