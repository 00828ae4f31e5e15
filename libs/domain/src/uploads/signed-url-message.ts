import type { ResolvedUrl } from '@platform/storage';

export const SIGNED_URL_GENERATED = 'Signed URL generated';
export const LOCAL_URL_RESOLVED = 'Local URL resolved';

/**
 * The message of a signed-url response (community-content-uploads.md, "Uploads, admin"; the
 * mobile route answers "as the admin route"): `Signed URL generated` when the URL expires,
 * otherwise `Local URL resolved`.
 */
export function signedUrlMessage(resolved: Pick<ResolvedUrl, 'expiresAt'>): string {
  return resolved.expiresAt === null ? LOCAL_URL_RESOLVED : SIGNED_URL_GENERATED;
}
