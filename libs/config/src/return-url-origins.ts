interface LocalApps {
  ADMIN_API_PORT: number;
  CUSTOMER_API_PORT: number;
  MARKET_API_PORT: number;
  ADMIN_API_PUBLIC_BASE_URL?: string;
  CUSTOMER_API_PUBLIC_BASE_URL?: string;
  MARKET_API_PUBLIC_BASE_URL?: string;
}

/**
 * RETURN_URL_ALLOWED_ORIGINS when it is not set (development and tests; production requires it):
 * the origins of the local APIs, customer-api's being the one of the demo return page
 * (GET /api/payments/return-demo). Not `*`: the result page would forward anywhere.
 */
export function defaultReturnUrlOrigins(env: LocalApps): string[] {
  const bases = [
    env.CUSTOMER_API_PUBLIC_BASE_URL ?? `http://localhost:${env.CUSTOMER_API_PORT}`,
    env.ADMIN_API_PUBLIC_BASE_URL ?? `http://localhost:${env.ADMIN_API_PORT}`,
    env.MARKET_API_PUBLIC_BASE_URL ?? `http://localhost:${env.MARKET_API_PORT}`,
  ];
  return [...new Set(bases.map((base) => new URL(base).origin))];
}
