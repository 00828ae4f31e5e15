import type { PushMessage, PushProvider, PushTokensResult } from '@platform/domain';
import type { BenchCheck } from './scenarios';

/**
 * Peak heap growth the fan-out of one post may cause (heap used, peak during the run minus right
 * before it). Pages of 1,000 members keep it small and nearly flat: measured +3 to +10 MB at
 * 100,000 members and +16 MB at 300,000 (garbage awaiting the next collection), RSS unchanged.
 * A fan-out that kept every member's delivery row or device as a model would grow past it.
 */
export const FAN_OUT_HEAP_GROWTH_GOAL_MB = 64;

const MB = 1024 * 1024;

/**
 * The bench's push provider: counts the requests and the tokens of each member (the bench's tokens
 * end in the member's number, `...-<n>`, n from 1), then hands them to the provider it wraps. A
 * byte per member, allocated before the run, so the counting adds nothing to the heap it measures.
 */
export class CountingPushProvider implements PushProvider {
  readonly name: string;
  requests = 0;
  tokens = 0;
  largestRequest = 0;
  /** Tokens that do not name a member 1..members. */
  unknownTokens = 0;
  private readonly perMember: Uint8Array;

  constructor(
    private readonly inner: PushProvider,
    members: number,
  ) {
    this.name = `counting(${inner.name})`;
    this.perMember = new Uint8Array(members + 1);
  }

  sendToTokens(tokens: readonly string[], message: PushMessage): Promise<PushTokensResult> {
    this.requests += 1;
    this.tokens += tokens.length;
    this.largestRequest = Math.max(this.largestRequest, tokens.length);
    for (const token of tokens) {
      const member = Number(token.slice(token.lastIndexOf('-') + 1));
      if (Number.isInteger(member) && member >= 1 && member < this.perMember.length) {
        this.perMember[member] = Math.min(this.perMember[member] + 1, 255);
      } else {
        this.unknownTokens += 1;
      }
    }
    return this.inner.sendToTokens(tokens, message);
  }

  sendToTopic(topic: string, message: PushMessage): Promise<void> {
    return this.inner.sendToTopic(topic, message);
  }

  /** Members whose token was sent exactly once, and those sent more than once. */
  tally(): { once: number; repeated: number } {
    let once = 0;
    let repeated = 0;
    for (let member = 1; member < this.perMember.length; member += 1) {
      if (this.perMember[member] === 1) once += 1;
      else if (this.perMember[member] > 1) repeated += 1;
    }
    return { once, repeated };
  }
}

/** Memory of this process before and at its peak during a run (bytes). */
export interface MemoryPeaks {
  rssBefore: number;
  rssPeak: number;
  heapUsedBefore: number;
  heapUsedPeak: number;
  heapUsedAfter: number;
  samples: number;
}

/** process.memoryUsage() sampled every `intervalMs` from start() to stop(), keeping the peaks. */
export class MemorySampler {
  private peaks?: MemoryPeaks;
  private timer?: NodeJS.Timeout;

  start(intervalMs = 50): void {
    const { rss, heapUsed } = process.memoryUsage();
    this.peaks = { rssBefore: rss, rssPeak: rss, heapUsedBefore: heapUsed, heapUsedPeak: heapUsed, heapUsedAfter: heapUsed, samples: 1 };
    this.timer = setInterval(() => this.sample(), intervalMs).unref();
  }

  sample({ rss, heapUsed }: Pick<NodeJS.MemoryUsage, 'rss' | 'heapUsed'> = process.memoryUsage()): void {
    if (!this.peaks) return;
    this.peaks.rssPeak = Math.max(this.peaks.rssPeak, rss);
    this.peaks.heapUsedPeak = Math.max(this.peaks.heapUsedPeak, heapUsed);
    this.peaks.heapUsedAfter = heapUsed;
    this.peaks.samples += 1;
  }

  stop(): MemoryPeaks {
    clearInterval(this.timer);
    this.sample();
    if (!this.peaks) throw new Error('MemorySampler.stop before start');
    return this.peaks;
  }
}

/** What one fan-out did: the use case's answer, the database after it, the provider's view, time and memory. */
export interface FanOutOutcome {
  members: number;
  /** DeliverNotificationUseCase.execute's report. */
  report: { outcome: string; sent: number; skipped: number };
  /** The event's push deliveries: rows, sent ones, distinct recipients, the most attempts of any. */
  deliveries: { rows: number; sent: number; recipients: number; maxAttempts: number };
  eventProcessed: boolean;
  provider: { requests: number; tokens: number; largestRequest: number; once: number; repeated: number; unknownTokens: number };
  /** The provider requests one token per member takes: ceil(page / batch) per audience page. */
  expectedRequests: number;
  /** Tokens per provider request at most. */
  batchLimit: number;
  wallMs: number;
  /** CPU time of this process (user + system) during the run: the rest of the wall time is waiting, mostly on PostgreSQL. */
  processCpuMs: number;
  memory: MemoryPeaks;
}

/** Provider requests for `members` single-device members read in pages of `pageSize`, `batch` tokens a request. */
export function expectedProviderRequests(members: number, pageSize: number, batch: number): number {
  return Math.floor(members / pageSize) * Math.ceil(pageSize / batch) + Math.ceil((members % pageSize) / batch);
}

/**
 * Issue 22 "Broadcast push" bench: every member's push sent exactly once (the use case, the
 * delivery rows and the provider agree: one sent row per member, claimed once; each token in
 * exactly one request), in the expected number of requests of at most the batch limit, the event
 * processed, and the heap's peak growth under the goal. A failed check names what it saw.
 */
export function fanOutChecks(outcome: FanOutOutcome, heapGoalMb = FAN_OUT_HEAP_GROWTH_GOAL_MB): BenchCheck[] {
  const { members, report, deliveries, provider, memory } = outcome;
  const n = (value: number) => value.toLocaleString('en');
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const seconds = outcome.wallMs / 1_000;
  const heapGrowth = memory.heapUsedPeak - memory.heapUsedBefore;
  return [
    {
      name: 'every member sent exactly once',
      ok:
        report.sent === members &&
        deliveries.rows === members &&
        deliveries.sent === members &&
        deliveries.recipients === members &&
        deliveries.maxAttempts === 1,
      detail:
        `${n(deliveries.sent)} of ${n(members)} push deliveries sent (${n(deliveries.rows)} rows, ${n(deliveries.recipients)} members, ` +
        `at most ${deliveries.maxAttempts} attempt(s) each); the use case counted ${n(report.sent)} sent, ${n(report.skipped)} skipped; ` +
        `${seconds.toFixed(1)} s (${(outcome.processCpuMs / 1_000).toFixed(1)} s of it on this process's CPU), ` +
        `${n(Math.round(members / Math.max(seconds, 0.001)))} members/s`,
    },
    {
      name: `each token in one provider request, ${outcome.batchLimit} a request at most`,
      ok:
        provider.once === members &&
        provider.repeated === 0 &&
        provider.unknownTokens === 0 &&
        provider.tokens === members &&
        provider.requests === outcome.expectedRequests &&
        provider.largestRequest <= outcome.batchLimit,
      detail:
        `${n(provider.requests)} requests (expected ${n(outcome.expectedRequests)}), largest ${n(provider.largestRequest)} tokens; ` +
        `${n(provider.tokens)} tokens: ${n(provider.once)} members once, ${n(provider.repeated)} more than once, ${n(provider.unknownTokens)} unknown`,
    },
    {
      name: 'the event is processed',
      ok: outcome.eventProcessed && report.outcome === 'processed',
      detail: `processed_at ${outcome.eventProcessed ? 'set' : 'not set'}; the use case answered '${report.outcome}'`,
    },
    {
      name: `memory bounded: peak heap growth under ${heapGoalMb} MB`,
      ok: heapGrowth < heapGoalMb * MB,
      detail:
        `heap used ${mb(memory.heapUsedBefore)} before, ${mb(memory.heapUsedPeak)} at peak (+${mb(heapGrowth)}), ${mb(memory.heapUsedAfter)} after; ` +
        `RSS ${mb(memory.rssBefore)} before, ${mb(memory.rssPeak)} at peak (+${mb(memory.rssPeak - memory.rssBefore)}); ${n(memory.samples)} samples`,
    },
  ];
}
