import type { ResolvedEnv } from './derived-defaults';
import { defaultReturnUrlOrigins } from './return-url-origins';

/** The typed configuration every app receives; grouped by concern so each consumer takes only its part. */
export function toAppConfig(env: ResolvedEnv) {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    log: { level: env.LOG_LEVEL, pretty: env.LOG_PRETTY },
    http: {
      trustProxy: env.TRUST_PROXY,
      corsOrigins: env.CORS_ORIGINS,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      bodyIdleTimeoutMs: env.HTTP_BODY_IDLE_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      metricsToken: env.METRICS_TOKEN,
    },
    apps: {
      adminApi: { port: env.ADMIN_API_PORT, publicBaseUrl: env.ADMIN_API_PUBLIC_BASE_URL },
      customerApi: { port: env.CUSTOMER_API_PORT, publicBaseUrl: env.CUSTOMER_API_PUBLIC_BASE_URL },
      marketApi: { port: env.MARKET_API_PORT, publicBaseUrl: env.MARKET_API_PUBLIC_BASE_URL },
      jobs: { port: env.JOBS_PORT, publicBaseUrl: env.JOBS_PUBLIC_BASE_URL },
    },
    db: {
      url: env.DATABASE_URL,
      pool: { max: env.DB_POOL_MAX, min: env.DB_POOL_MIN, idleMs: env.DB_POOL_IDLE_MS, acquireMs: env.DB_POOL_ACQUIRE_MS },
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    },
    redis: { url: env.REDIS_URL, prefix: env.REDIS_PREFIX, cacheTtlSeconds: env.REDIS_CACHE_TTL_SECONDS },
    /** customer-api's socket.io server (CONTRACT section 9). */
    realtime: { accessRecheckSeconds: env.REALTIME_ACCESS_RECHECK_SECONDS },
    auth: {
      jwtSecret: env.JWT_SECRET,
      jwtPublicKey: env.JWT_PUBLIC_KEY,
      jwtPrivateKey: env.JWT_PRIVATE_KEY,
      accessTtlSeconds: env.JWT_ACCESS_TTL_SECONDS,
      refreshTtlDays: env.JWT_REFRESH_TTL_DAYS,
      /** Keys the newsletter unsubscribe tokens; undefined: derived from jwtSecret (NewsletterUnsubscribeTokensService). */
      newsletterUnsubscribeSecret: env.NEWSLETTER_UNSUBSCRIBE_SECRET,
      bootstrapAdmin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
      loginThrottle: {
        maxFailures: env.LOGIN_MAX_FAILURES,
        maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS,
        maxAttemptsPerIp: env.LOGIN_MAX_ATTEMPTS_PER_IP,
      },
      registerRateLimit: { points: env.AUTH_REGISTER_RATE_LIMIT, windowSeconds: env.AUTH_REGISTER_RATE_WINDOW_SECONDS },
    },
    jobs: { dashboardToken: env.JOBS_DASHBOARD_TOKEN },
    /** The stand-ins `npm start` runs in development (tools/gateway-sim, tools/smtp-sink). */
    devTools: {
      gatewaySim: { port: env.GATEWAY_SIM_PORT, publicBaseUrl: env.GATEWAY_SIM_PUBLIC_BASE_URL },
      smtpSink: { webPort: env.SMTP_SINK_WEB_PORT },
    },
    storage: {
      driver: env.STORAGE_DRIVER,
      localRoot: env.STORAGE_LOCAL_ROOT,
      s3: {
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicBaseUrl: env.S3_PUBLIC_BASE_URL,
      },
      signedUrlExpiresSeconds: env.SIGNED_URL_EXPIRES_SECONDS,
    },
    smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM, url: env.SMTP_URL },
    notifications: {
      /** When not empty, admin emails go to these addresses instead of the admins holding Orders_UPDATE. */
      adminEmails: env.NOTIFICATION_ADMIN_EMAILS,
      push: {
        provider: env.PUSH_PROVIDER,
        adminTopic: env.PUSH_ADMIN_TOPIC,
        fcm: { serviceAccount: env.FCM_SERVICE_ACCOUNT_JSON, projectId: env.FCM_PROJECT_ID, sendTimeoutMs: env.PUSH_SEND_TIMEOUT_MS },
      },
    },
    payments: {
      esewa: {
        productCode: env.ESEWA_PRODUCT_CODE,
        secretKey: env.ESEWA_SECRET_KEY,
        formUrl: env.ESEWA_FORM_URL,
        statusUrl: env.ESEWA_STATUS_URL,
      },
      khalti: { secretKey: env.KHALTI_SECRET_KEY, baseUrl: env.KHALTI_BASE_URL },
      returnUrlAllowedOrigins: env.RETURN_URL_ALLOWED_ORIGINS ?? defaultReturnUrlOrigins(env),
      /** Callbacks per client IP per minute (they answer a failed redirect beyond it, never 429). */
      callbackRateLimitPerMinute: env.PAYMENT_CALLBACK_RATE_LIMIT,
    },
    limits: {
      courseTrailerMaxFileSizeMb: env.COURSE_TRAILER_MAX_FILE_SIZE_MB,
      uploadMaxFileSizeMb: env.UPLOAD_MAX_FILE_SIZE_MB,
      heartbeatRateLimitSeconds: env.HEARTBEAT_RATE_LIMIT_SECONDS,
      completionThresholdPercent: env.COMPLETION_THRESHOLD_PERCENT,
      training: {
        /** Lifetime of a signed session playback URL (videoTokenExpiresAt). */
        videoTokenTtlSeconds: env.TRAINING_VIDEO_TOKEN_TTL_SECONDS,
        /** How long a promoted waitlist entry holds its seat. */
        waitlistHoldHours: env.TRAINING_WAITLIST_HOLD_HOURS,
      },
      watchEvents: {
        /** Monthly partitions that end at or before now minus this many days are dropped. */
        retentionDays: env.WATCH_EVENTS_RETENTION_DAYS,
        /** Partitions kept ready from the current month to this many months later. */
        partitionsAheadMonths: env.WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS,
      },
      cart: {
        operationRateLimit: env.CART_CUSTOMER_OPERATION_RATE_LIMIT,
        rateWindowSeconds: env.CART_CUSTOMER_RATE_WINDOW_SECONDS,
        cacheTtlSeconds: env.CART_CUSTOMER_CACHE_TTL_SECONDS,
        expireIntervalMs: env.CART_EXPIRE_INTERVAL_MS,
        ttlHours: env.CART_TTL_HOURS,
      },
      orders: {
        historyCacheTtlSeconds: env.ORDER_HISTORY_CACHE_TTL_SECONDS,
        adminCacheTtlSeconds: env.ORDER_ADMIN_CACHE_TTL_SECONDS,
        autoCancelMinutes: env.ORDER_AUTO_CANCEL_MINUTES,
      },
      idempotency: {
        /** A key replays its first answer this long after it was first sent; then it is swept and free again. */
        keyTtlHours: env.IDEMPOTENCY_KEY_TTL_HOURS,
      },
      subscriptions: {
        entitlementCacheTtlSeconds: env.SUBSCRIPTION_ENTITLEMENT_CACHE_TTL_SECONDS,
      },
      content: {
        adminRateLimit: env.CONTENT_ADMIN_RATE_LIMIT,
        adminRateWindowSeconds: env.CONTENT_ADMIN_RATE_WINDOW_SECONDS,
        customerItemRateLimit: env.CONTENT_CUSTOMER_ITEM_RATE_LIMIT,
        customerItemRateWindowSeconds: env.CONTENT_CUSTOMER_ITEM_RATE_WINDOW_SECONDS,
        customerSeriesRateLimit: env.CONTENT_CUSTOMER_SERIES_RATE_LIMIT,
        customerSeriesSearchRateLimit: env.CONTENT_CUSTOMER_SERIES_SEARCH_RATE_LIMIT,
        customerSeriesRateWindowSeconds: env.CONTENT_CUSTOMER_SERIES_RATE_WINDOW_SECONDS,
      },
      market: {
        /** A process's own copy of a cached stock-analysis answer lives this long (bounded by the answer's freshness). */
        analysisLocalCacheMs: env.ANALYSIS_LOCAL_CACHE_MS,
      },
      portfolio: {
        cgtMaxShortPercent: env.PORTFOLIO_CGT_MAX_SHORT_PERCENT,
        cgtMaxLongPercent: env.PORTFOLIO_CGT_MAX_LONG_PERCENT,
      },
    },
  };
}

export type AppConfig = ReturnType<typeof toAppConfig>;
