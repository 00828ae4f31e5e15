import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import type { Redis } from '@platform/redis';
import { CONFIG, LOGGER, REDIS } from '../../shared';

/** market-data.md, "Stock analysis (public, GET only)": how long each endpoint's answer stays fresh. */
export const ANALYSIS_FRESHNESS_SECONDS = {
  snapshot: 300,
  statements: 600,
  ratios: 600,
  dividends: 1_800,
  ownership: 3_600,
  peers: 600,
  announcements: 300,
  fairValue: 600,
  upcomingBookCloses: 3_600,
  /** Beyond the spec (issue 18): the company directory changes only by market:ingest, which clears it. */
  companies: 600,
} as const;

export type AnalysisEndpoint = keyof typeof ANALYSIS_FRESHNESS_SECONDS;

/**
 * The shape of an endpoint's answer, part of its key (`fairValue@v2:`): raised when the answer
 * changes shape, so that after a deploy no answer cached in the old shape (it lives up to the
 * endpoint's freshness) is served. fairValue 2: the top-level `inputs` (issue 17).
 */
const ANALYSIS_ANSWER_VERSIONS: Partial<Record<AnalysisEndpoint, number>> = { fairValue: 2 };

/**
 * An endpoint's answer as it is stored: the UTF-8 JSON of its data (of type T), and the seconds
 * it stays fresh from now, what `Cache-Control: max-age` should say.
 */
export interface AnalysisAnswer<T> {
  readonly json: Buffer;
  readonly freshForSeconds: number;
  /** Never set: names the type the JSON holds. */
  readonly __data?: T;
}

/** Keys live under the shared cache namespace, so `Cache.invalidate('market:analysis:…')` reaches them. */
const KEY_PREFIX = 'cache:market:analysis:';
/** Moved on by every clear(); a load stores its answer only if it has not moved since the load began. Outside KEY_PREFIX*. */
const GENERATION_KEY = 'cache:market:analysis-generation';
/** SET the entry (KEYS[2]) only while the generation (KEYS[1]) is still the one the load began under (ARGV[1]). */
const STORE_IF_SAME_GENERATION = `
  if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
  return 1`;
/** Most answers a process keeps its own copy of (the oldest copy makes room). */
const LOCAL_COPIES_MAX = 1_000;

/** A stored answer: its JSON and the instant (ms) its freshness ends. */
interface Entry {
  json: Buffer;
  expiresAt: number;
}

/**
 * Read-through cache of the stock-analysis answers in Redis, one entry per endpoint and
 * normalised query (so `?tab=` and `?tab=valuation` share one), living as long as the spec's
 * freshness. Entries are stored as `<expiry ms> <json>` and read back as bytes: a hit is one GET
 * and no JSON work, and knows how much freshness is left. A process also keeps its own copy of an
 * answer for ANALYSIS_LOCAL_CACHE_MS (a second by default), so a hot symbol costs no Redis call
 * at all; a copy never outlives the answer's freshness. Concurrent misses of one key in this
 * process share one load. A Redis failure is a miss: the answer comes from the database.
 */
@Service()
export class AnalysisCache {
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly local = new Map<string, Entry & { heldUntil: number }>();
  private readonly localCopyMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.localCopyMs = config.limits.market.analysisLocalCacheMs;
  }

  async read<T>(endpoint: AnalysisEndpoint, normalisedQuery: Record<string, unknown>, load: () => Promise<T>): Promise<AnalysisAnswer<T>> {
    const version = ANALYSIS_ANSWER_VERSIONS[endpoint];
    const key = `${KEY_PREFIX}${endpoint}${version ? `@v${version}` : ''}:${stableKey(normalisedQuery)}`;
    const copy = this.localCopy(key, ANALYSIS_FRESHNESS_SECONDS[endpoint]);
    if (copy) return copy;
    const stored = await this.get(key);
    const answer = stored && answerOf(stored, ANALYSIS_FRESHNESS_SECONDS[endpoint]);
    if (stored && answer) {
      this.keepCopy(key, stored);
      return answer;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.loadAndStore(key, ANALYSIS_FRESHNESS_SECONDS[endpoint], load).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const loaded = await pending;
    return { json: loaded.json, freshForSeconds: ANALYSIS_FRESHNESS_SECONDS[endpoint] };
  }

  /** An answer that is not worth a cache entry, in the same form (fresh for the endpoint's whole freshness). */
  async uncached<T>(endpoint: AnalysisEndpoint, load: () => Promise<T>): Promise<AnalysisAnswer<T>> {
    return { json: Buffer.from(JSON.stringify(await load())), freshForSeconds: ANALYSIS_FRESHNESS_SECONDS[endpoint] };
  }

  /**
   * Drops every cached answer (after an ingestion committed) and says how many; null when Redis
   * failed (the entries then live out their freshness). It first moves the generation on, so a
   * load that began before (and may have read the old data) does not store its answer afterwards.
   * Other processes' own copies live out their ANALYSIS_LOCAL_CACHE_MS.
   */
  async clear(): Promise<number | null> {
    this.local.clear();
    const prefix = this.redis.options.keyPrefix ?? '';
    try {
      await this.redis.incr(GENERATION_KEY);
      let cleared = 0;
      for await (const keys of this.redis.scanStream({ match: `${escapeGlob(prefix)}${KEY_PREFIX}*`, count: 1_000 })) {
        // SCAN answers full key names; UNLINK adds the client's prefix again.
        const batch = (keys as string[]).map((key) => key.slice(prefix.length));
        if (batch.length > 0) cleared += await this.redis.unlink(...batch);
      }
      return cleared;
    } catch (error) {
      this.logger.warn({ err: error }, 'could not clear the analysis cache; its answers expire on their own');
      return null;
    }
  }

  private localCopy(key: string, freshnessSeconds: number): AnalysisAnswer<never> | undefined {
    const copy = this.local.get(key);
    if (!copy) return undefined;
    const answer = copy.heldUntil > Date.now() ? answerOf(copy, freshnessSeconds) : undefined;
    if (!answer) this.local.delete(key);
    return answer;
  }

  private keepCopy(key: string, entry: Entry): void {
    if (this.localCopyMs === 0) return;
    this.local.delete(key);
    if (this.local.size >= LOCAL_COPIES_MAX) this.local.delete(this.local.keys().next().value as string);
    // A copy of the bytes: a Redis reply is a view into ioredis's socket buffer, which it would keep alive.
    this.local.set(key, { json: Buffer.from(entry.json), expiresAt: entry.expiresAt, heldUntil: Date.now() + this.localCopyMs });
  }

  private async get(key: string): Promise<Entry | undefined> {
    let stored: Buffer | null;
    try {
      stored = await this.redis.getBuffer(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'analysis cache read failed; answering from the database');
      return undefined;
    }
    const separator = stored?.indexOf(0x20) ?? -1;
    if (!stored || separator < 1) return undefined;
    return { json: stored.subarray(separator + 1), expiresAt: Number(stored.toString('latin1', 0, separator)) };
  }

  private async loadAndStore<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<Entry> {
    const generation = await this.generation();
    const entry = { json: Buffer.from(JSON.stringify(await load())), expiresAt: Date.now() + ttlSeconds * 1000 };
    if (generation === null) return entry;
    try {
      const value = Buffer.concat([Buffer.from(`${entry.expiresAt} `), entry.json]);
      const stored = await this.redis.eval(STORE_IF_SAME_GENERATION, 2, GENERATION_KEY, key, generation, value, ttlSeconds * 1000);
      if (stored === 1) this.keepCopy(key, entry);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'analysis cache write failed');
    }
    return entry;
  }

  /** The current generation ('0' before the first clear); null when Redis cannot say (nothing is stored then). */
  private async generation(): Promise<string | null> {
    try {
      return (await this.redis.get(GENERATION_KEY)) ?? '0';
    } catch (error) {
      this.logger.warn({ err: error }, 'analysis cache read failed; answering from the database');
      return null;
    }
  }
}

/**
 * The entry as an answer with the whole seconds of freshness left, at most the endpoint's (the
 * expiry was written by another process's clock); none in its last second (or unreadable).
 */
function answerOf(entry: Entry, freshnessSeconds: number): AnalysisAnswer<never> | undefined {
  const freshForSeconds = Math.min(freshnessSeconds, Math.floor((entry.expiresAt - Date.now()) / 1000));
  return freshForSeconds > 0 ? { json: entry.json, freshForSeconds } : undefined;
}

/** The query as `k=v` pairs in key order, values JSON-encoded so that no two queries share a key. */
function stableKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .sort()
    .map((key) => `${key}=${JSON.stringify(query[key])}`)
    .join('&');
}

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
