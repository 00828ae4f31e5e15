import type { ChannelHistoryPolicy } from '@platform/db';
import type { Interval } from '../../subscriptions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which posts a reader sees, by `publishedAt`: all of them, or those inside these half-open ranges. */
export type PostVisibility = { all: true } | { all: false; ranges: PublishedRange[] };

/** [from, to): `from` null is unbounded below, `to` null unbounded above. */
export interface PublishedRange {
  from: Date | null;
  to: Date | null;
}

export interface HistorySettings {
  firstSubscribeHistoryPolicy: ChannelHistoryPolicy;
  resubscribeBackfillDays: number;
  preservePriorEntitledHistory: boolean;
}

/**
 * The history a gated channel shows a reader whose current entitlement is `intervals[current]`
 * (community-content-uploads.md "Meaning of history settings"; issue 22):
 * - the first entitlement: every post with ALLOW_PAST, else those published from its start;
 * - a later one: those published from `resubscribe_backfill_days` before its start, plus, with
 *   `preserve_prior_entitled_history`, those published inside each earlier interval.
 * `intervals` are the merged feature-access intervals, oldest first (EntitlementService.featureIntervals).
 */
export function historyVisibility(settings: HistorySettings, intervals: Interval[], current: number): PostVisibility {
  const start = intervals[current].from;
  if (current === 0) {
    return settings.firstSubscribeHistoryPolicy === 'ALLOW_PAST' ? { all: true } : { all: false, ranges: [{ from: start, to: null }] };
  }
  const backfilled = new Date(start.getTime() - settings.resubscribeBackfillDays * DAY_MS);
  const earlier = settings.preservePriorEntitledHistory ? intervals.slice(0, current).map(({ from, to }) => ({ from, to })) : [];
  return { all: false, ranges: [...earlier, { from: backfilled, to: null }] };
}

/**
 * The SQL condition for a visibility on a `published_at` column, as a PostgreSQL multirange
 * (overlapping ranges merge), so a page filters in the query and `limit` / `has_more` stay exact.
 * It only filters: the caller's ORDER BY (posts go by id) is untouched. Ranges are half-open like
 * isVisible's, an empty bound is unbounded, no range at all is the empty multirange (no post), and
 * an empty range (from >= to) is dropped (PostgreSQL refuses a range whose lower bound is above
 * its upper one). `name` is the replacement's name, for a query that holds two conditions.
 */
export function visibilitySql(
  visibility: PostVisibility,
  column: string,
  name = 'visibleRanges',
): { where: string; replacements: Record<string, string> } {
  if (visibility.all) return { where: 'TRUE', replacements: {} };
  const bound = (instant: Date | null) => (instant ? instant.toISOString() : '');
  const literal = `{${visibility.ranges
    .filter(({ from, to }) => from === null || to === null || from < to)
    .map(({ from, to }) => `[${bound(from)},${bound(to)})`)
    .join(',')}}`;
  return { where: `${column} <@ CAST(:${name} AS tstzmultirange)`, replacements: { [name]: literal } };
}

/** Whether one post (by its publishedAt) is visible. */
export function isVisible(visibility: PostVisibility, publishedAt: Date): boolean {
  if (visibility.all) return true;
  const at = publishedAt.getTime();
  return visibility.ranges.some(({ from, to }) => (from === null || from.getTime() <= at) && (to === null || at < to.getTime()));
}
