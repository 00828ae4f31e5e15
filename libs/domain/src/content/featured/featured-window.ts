import { DaySide, readNepalInstant } from '../../shared';
import { FeaturedContentInvalidDateRange } from '../content.errors';

/**
 * A side of the featured window (readNepalInstant): a bare `start_date` is the first instant of
 * that day in Nepal, a bare `end_date` its last millisecond, so `{ start_date: d, end_date: d }`
 * features the item all day. A date-time is the instant it names.
 * `undefined` keeps the stored value, `null` opens that side, text sets it.
 */
export function readWindowSide(text: string | null | undefined, side: DaySide): Date | null | undefined {
  if (text === undefined || text === null) return text;
  return readNepalInstant(text, side);
}

/** The spec's rule (and migration 0019's CHECK): when both exist, start must not be after end. */
export function assertWindow(start: Date | null, end: Date | null): void {
  if (start && end && start.getTime() > end.getTime()) throw FeaturedContentInvalidDateRange();
}
