/**
 * An amount in integer paisa as customers read it: "Rs. 1,234.50" (thousands grouped, always two
 * decimals). Integer arithmetic only, so no float ever rounds a paisa away.
 */
export function formatPaisa(paisa: number): string {
  const whole = Math.round(paisa);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  const rupees = Math.floor(absolute / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (absolute % 100).toString().padStart(2, '0');
  return `${sign}Rs. ${rupees}.${rest}`;
}
