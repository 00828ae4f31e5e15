import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * `ORD-<yyyymmdd>-<6 random base32 characters>` (30 random bits per day): short enough to read
 * out on the phone; the unique constraint `orders_order_number_key` catches the rare collision
 * and the writer draws again.
 */
export function newOrderNumber(at: Date): string {
  const day = at.toISOString().slice(0, 10).replace(/-/g, '');
  const bytes = randomBytes(6);
  const random = Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
  return `ORD-${day}-${random}`;
}
