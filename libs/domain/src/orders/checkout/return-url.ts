/**
 * CONTRACT section 6: `returnUrl` is an absolute http(s) URL whose origin is in
 * RETURN_URL_ALLOWED_ORIGINS (`*` allows any), so the result page never becomes an open redirect.
 */
export function isAllowedReturnUrl(returnUrl: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowedOrigins.includes('*')) return true;
  return allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).origin === url.origin;
    } catch {
      return false;
    }
  });
}
