import type { RawEnv } from './env-schema';

const local = (port: number) => `http://localhost:${port}`;

/**
 * Settings whose default follows another setting, so moving one port moves everything that points
 * at it (a moved CUSTOMER_API_PORT takes the gateways' success_url along; a moved GATEWAY_SIM_PORT
 * the three gateway URLs). Each applies only when its key is unset; a value that is set is kept.
 * Never in production: there every key below but the simulator's is required (REQUIRED_IN_PRODUCTION),
 * so a production app cannot end up on localhost or the simulator by omission.
 */
export function withDerivedDefaults(env: RawEnv) {
  const gatewaySim = env.GATEWAY_SIM_PUBLIC_BASE_URL ?? local(env.GATEWAY_SIM_PORT);
  return {
    ...env,
    ADMIN_API_PUBLIC_BASE_URL: env.ADMIN_API_PUBLIC_BASE_URL ?? local(env.ADMIN_API_PORT),
    CUSTOMER_API_PUBLIC_BASE_URL: env.CUSTOMER_API_PUBLIC_BASE_URL ?? local(env.CUSTOMER_API_PORT),
    MARKET_API_PUBLIC_BASE_URL: env.MARKET_API_PUBLIC_BASE_URL ?? local(env.MARKET_API_PORT),
    JOBS_PUBLIC_BASE_URL: env.JOBS_PUBLIC_BASE_URL ?? local(env.JOBS_PORT),
    GATEWAY_SIM_PUBLIC_BASE_URL: gatewaySim,
    ESEWA_FORM_URL: env.ESEWA_FORM_URL ?? `${gatewaySim}/esewa/api/epay/main/v2/form`,
    ESEWA_STATUS_URL: env.ESEWA_STATUS_URL ?? `${gatewaySim}/esewa/api/epay/transaction/status/`,
    KHALTI_BASE_URL: env.KHALTI_BASE_URL ?? `${gatewaySim}/khalti/api/v2`,
  };
}

export type ResolvedEnv = ReturnType<typeof withDerivedDefaults>;
