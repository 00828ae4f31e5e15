const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text and double-quoted attribute values alike (OWASP's five characters), so an
 * interpolated value can neither open a tag nor leave its attribute. The one HTML escape of the
 * platform: notification emails and the payment result page (apps/customer-api) use it.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
