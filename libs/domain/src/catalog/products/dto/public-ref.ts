import { Matches } from 'class-validator';

/**
 * A reference to a public image (thumbnail, cover): a public storage key (`public/...`, the
 * prefixes of the public upload types) or a legacy absolute http(s) URL. Never a private
 * `uploads/` key (its URL would be published), a path starting with `/` (a local URL would
 * become protocol-relative, i.e. off-site), or a `..` segment.
 */
export const PUBLIC_REF_PATTERN = /^(https?:\/\/[^\s/]+(\/\S*)?|public\/(?!.*\.\.)[A-Za-z0-9._\-/]+)$/;

export const IsPublicRef = (field: string) =>
  Matches(PUBLIC_REF_PATTERN, { message: `${field} must be a public/ storage key or an http(s) URL` });
