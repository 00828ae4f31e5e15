import type { LoadStats } from './load';
import type { BenchCheck } from './scenarios';

/** The deep page may cost at most this many times the first page (requests/s of the first ÷ of the deep). */
export const DEEP_PAGE_COST_GOAL = 1.2;

/** One page as the route answered it once (its ids in the order given, and has_more). */
export interface AnsweredPage {
  ids: string[];
  hasMore: boolean;
}

/** What the group saw: the two pages, what they must hold, and the load generator's stats of each. */
export interface PostCursorOutcome {
  /** The first page, measured before the deep one and again after it (drift on a busy machine hits both sides). */
  first?: { page: AnsweredPage; stats: LoadStats[] };
  deep?: { page: AnsweredPage; stats: LoadStats };
  /** The channel's newest and oldest `limit` ids, newest first (the order of a `before_id` page). */
  expected: { newest: string[]; oldest: string[] };
}

/** Reads `{ data: { items: [{ id }], has_more } }`, or undefined for any other shape. */
export function answeredPage(body: unknown): AnsweredPage | undefined {
  const data = (body as { data?: { items?: unknown; has_more?: unknown } } | undefined)?.data;
  if (!Array.isArray(data?.items) || typeof data?.has_more !== 'boolean') return undefined;
  return { ids: data.items.map((item) => String((item as { id?: unknown }).id)), hasMore: data.has_more };
}

/**
 * Issue 21 (posts by id cursor, never OFFSET): the first page is the newest posts and more
 * follow; the page before the 21st oldest id is the oldest posts and nothing follows (so the deep
 * target really measured the far end of the channel); and the deep page costs at most
 * DEEP_PAGE_COST_GOAL × the first (requests/s over the same connections: cost per request is its
 * inverse; the first page's requests/s is the mean of its runs). A failed check names what it saw.
 */
export function postCursorChecks(outcome: PostCursorOutcome, goal = DEEP_PAGE_COST_GOAL): BenchCheck[] {
  const { first, deep, expected } = outcome;
  const same = (page: AnsweredPage | undefined, ids: string[]) => page !== undefined && page.ids.join() === ids.join();
  const shown = (page: AnsweredPage | undefined) =>
    page ? `${page.ids.length} ids ${page.ids[0] ?? '-'}..${page.ids[page.ids.length - 1] ?? '-'}, has_more ${page.hasMore}` : 'no page';
  const firstRps = first?.stats.length ? first.stats.reduce((sum, stats) => sum + stats.requestsPerSecond, 0) / first.stats.length : undefined;
  const ratio = firstRps !== undefined && deep && deep.stats.requestsPerSecond > 0 ? firstRps / deep.stats.requestsPerSecond : undefined;
  const rate = (stats: LoadStats) => `${Math.round(stats.requestsPerSecond)} req/s, p50 ${stats.latencyMs.p50} ms`;
  const firstRates = first?.stats.length ? `first ${first.stats.map(rate).join(' and ')}` : 'first not measured';
  return [
    {
      name: 'first page: the newest posts, more follow',
      ok: same(first?.page, expected.newest) && first?.page.hasMore === true,
      detail: `${shown(first?.page)}; expected ${expected.newest[0]}..${expected.newest[expected.newest.length - 1]}`,
    },
    {
      name: 'deep page: the oldest posts, none follow',
      ok: same(deep?.page, expected.oldest) && deep?.page.hasMore === false,
      detail: `${shown(deep?.page)}; expected ${expected.oldest[0]}..${expected.oldest[expected.oldest.length - 1]}`,
    },
    {
      name: `deep page costs at most ${goal}× the first`,
      ok: ratio !== undefined && ratio <= goal,
      detail: `${ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}×`} (${firstRates}; deep ${deep ? rate(deep.stats) : 'not measured'})`,
    },
  ];
}
