import type { Clock } from '../../shared';

/**
 * NEPSE dates are Nepal dates: a `YYYY-MM-DD` bound, and "today", are days in Asia/Kathmandu
 * (UTC+05:45 all year, no daylight saving).
 */
export const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** Today in Nepal as YYYY-MM-DD, from the injected clock. */
export const nepalToday = (clock: Clock): string => new Date(clock.now().getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
