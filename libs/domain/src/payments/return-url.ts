export interface ReturnUrlRules {
  /** RETURN_URL_ALLOWED_ORIGINS; `*` allows any origin, outside production only. */
  allowedOrigins: readonly string[];
  isProduction: boolean;
}

/**
 * CONTRACT section 6: a `returnUrl` is an absolute http(s) URL, without credentials, whose origin
 * RETURN_URL_ALLOWED_ORIGINS lists — checked when an order is placed and again before the result
 * page forwards to it, so the page is never an open redirect and never runs `javascript:`.
 */
export function isAllowedReturnUrl(returnUrl: string, rules: ReturnUrlRules): boolean {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return rules.allowedOrigins.some((allowed) => {
    if (allowed === '*') return !rules.isProduction;
    try {
      return new URL(allowed).origin === url.origin;
    } catch {
      return false;
    }
  });
}
