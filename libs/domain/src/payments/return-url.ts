export interface ReturnUrlRules {
  /** RETURN_URL_ALLOWED_ORIGINS; `*` allows any origin, outside production only. */
  allowedOrigins: readonly string[];
  isProduction: boolean;
}

const MAX_RETURN_URL_LENGTH = 2048;
/**
 * Written the way a browser would show it: `http(s)://` and a host. Browsers "repair" `http:/\x`,
 * `http:\\x`, `http:x` and stray tabs or newlines into `http://x/` (WHATWG URL), which lets a URL
 * that looks like one place lead to another, so anything but the plain form is refused.
 */
const PLAIN_HTTP_URL = /^https?:\/\/[^/\\?#\s]/i;
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\\\s\u0000-\u001f\u007f]/;

/**
 * CONTRACT section 6: a `returnUrl` is an absolute http(s) URL, without credentials, whose origin
 * RETURN_URL_ALLOWED_ORIGINS lists — checked when an order is placed and again before the result
 * page forwards to it, so the page is never an open redirect and never runs `javascript:`.
 */
export function isAllowedReturnUrl(returnUrl: string, rules: ReturnUrlRules): boolean {
  if (returnUrl.length > MAX_RETURN_URL_LENGTH || !PLAIN_HTTP_URL.test(returnUrl) || UNSAFE_CHARACTERS.test(returnUrl)) return false;
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
