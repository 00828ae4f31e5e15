/**
 * A bare date (`YYYY-MM-DD`) sent to the platform is a day in Nepal (Asia/Kathmandu: UTC+05:45 all
 * year, no daylight saving), as its other calendar dates are (NEPSE days, portfolio dates): a
 * newsletter item's `scheduledAt` and a featured entry's `start_date` name the same day's start.
 * A date-time (RFC 3339, with its offset) is the instant it names.
 */
export const NEPAL_UTC_OFFSET = '+05:45';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which instant of a Nepal day a bare date stands for: its first, or its last millisecond. */
export type DaySide = 'start' | 'end';

export const isBareDate = (text: string): boolean => BARE_DATE.test(text);

/**
 * The RFC 3339 date-time a bare date stands for (`2030-01-31` → `2030-01-31T00:00:00.000+05:45`);
 * any other text is returned as it is. Text, so a DTO can normalise its field before validating it.
 */
export function nepalDayDateTime(text: string, side: DaySide = 'start'): string {
  if (!isBareDate(text)) return text;
  return `${text}T${side === 'start' ? '00:00:00.000' : '23:59:59.999'}${NEPAL_UTC_OFFSET}`;
}

/** The instant a bare date (a Nepal day's start or end) or a date-time names. */
export const readNepalInstant = (text: string, side: DaySide = 'start'): Date => new Date(nepalDayDateTime(text, side));
