import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { PushDeviceModel } from '@platform/db';
import { CONFIG } from '../../shared';
import { PushMessage, PushProviders, PushTokensResult } from '../push';
import { AudienceClosed, AudienceFanOutService, AudiencePage } from './audience-fan-out.service';
import type { DeliveryTally } from './delivery-tally';
import { NotificationDeliveries } from './notification-deliveries.repository';
import { PushSender } from './notification-senders';

/** Tokens per provider request: FCM's multicast limit. */
export const PROVIDER_BATCH_TOKENS = 500;
/** A claim outlives one provider request (PUSH_SEND_TIMEOUT_MS) by this much before it counts as abandoned. */
const LEASE_MARGIN_SECONDS = 20;

/** One push to a large audience: the event's delivery rows, the message, and the audience's pages of user ids. */
export interface PushFanOut {
  eventId: string;
  label: string;
  message: PushMessage;
  pageSize: number;
  page(after: string | null, limit: number): Promise<AudiencePage<string> | AudienceClosed>;
}

/**
 * One push message to every user of an audience (a channel's broadcast, a newsletter item's
 * readers; AudienceFanOutService walks the pages), in provider requests of up to 500 tokens, each
 * user pushed at most once:
 * - a batch is claimed in one statement (pending|failed → sending) before its request and settled
 *   from the provider's per-token answer: reached on some device → sent; refused for a transient
 *   reason → failed, sent again by the job's retry (up to FAN_OUT_MAX_ATTEMPTS); no answer
 *   (timeout) → skipped, since the provider may still deliver it; only dead tokens → skipped, and
 *   the tokens are dropped; no device at all → skipped;
 * - a claim whose lease ran out (its worker died mid-request) is settled as skipped, never sent
 *   again: a missed push rather than a second one.
 */
@Service()
export class PushFanOutService {
  private readonly leaseSeconds: number;

  constructor(
    private readonly fanOut: AudienceFanOutService,
    private readonly deliveries: NotificationDeliveries,
    private readonly providers: PushProviders,
    private readonly pushSender: PushSender,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.leaseSeconds = Math.ceil(config.notifications.push.fcm.sendTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
  }

  deliver(push: PushFanOut): Promise<DeliveryTally> {
    return this.fanOut.run({
      eventId: push.eventId,
      label: push.label,
      pageSize: push.pageSize,
      page: push.page,
      send: async (userIds, tally) => {
        await this.sendPage(push.eventId, userIds, push.message, tally);
        return 'continue';
      },
    });
  }

  private async sendPage(eventId: string, userIds: string[], message: PushMessage, tally: DeliveryTally): Promise<void> {
    await this.deliveries.ensure(eventId, userIds.map((recipient) => ({ channel: 'push' as const, recipient })));
    const tokens = await tokensOf(userIds);
    const withoutDevice = userIds.filter((userId) => !tokens.has(userId));
    tally.skipped += await this.deliveries.skipRecipients(eventId, 'push', withoutDevice, 'no registered device');
    for (const batch of providerBatches(tokens)) {
      const claimed = await this.deliveries.claimRecipients(eventId, 'push', batch, this.leaseSeconds);
      if (claimed.length > 0) await this.sendBatch(eventId, claimed, tokens, message, tally);
    }
  }

  private async sendBatch(eventId: string, userIds: string[], tokens: Map<string, string[]>, message: PushMessage, tally: DeliveryTally): Promise<void> {
    const result = await this.send(userIds.flatMap((userId) => tokens.get(userId) ?? []), message);
    const { reached, retry, unanswered, dead } = outcomesByUser(userIds, tokens, result);
    const error = result.errors[0] ?? 'push failed';
    await this.deliveries.settleRecipients(eventId, 'push', reached, { status: 'sent' });
    await this.deliveries.settleRecipients(eventId, 'push', retry, { status: 'failed', reason: error });
    await this.deliveries.settleRecipients(eventId, 'push', unanswered, { status: 'skipped', reason: `not sent again: no answer (${error})` });
    await this.deliveries.settleRecipients(eventId, 'push', dead, { status: 'skipped', reason: 'every device token was invalid (removed)' });
    // After settling: a failure here must not leave sent rows claimed (a retry would record them as never sent).
    await this.pushSender.forgetTokens(result.invalidTokens);
    tally.sent += reached.length;
    tally.skipped += unanswered.length + dead.length;
    tally.failed += retry.length;
    if (retry.length > 0) tally.firstError ??= error;
  }

  /**
   * The provider's answer. A provider that cannot be built sent nothing (failed: retried); one
   * that throws mid-request may have sent anything (unanswered: not sent again).
   */
  private async send(tokens: string[], message: PushMessage): Promise<PushTokensResult> {
    const none: PushTokensResult = { delivered: 0, invalidTokens: [], failedTokens: [], unansweredTokens: [], errors: [] };
    const provider = await this.providers.current().catch((error: unknown) => error as Error);
    if (provider instanceof Error) return { ...none, failedTokens: tokens, errors: [provider.message] };
    try {
      return await provider.sendToTokens(tokens, message);
    } catch (error) {
      return { ...none, unansweredTokens: tokens, errors: [error instanceof Error ? error.message : String(error)] };
    }
  }
}

/** Each user's outcome from their devices' answers: one device reached is enough. */
function outcomesByUser(userIds: readonly string[], tokens: Map<string, string[]>, result: PushTokensResult) {
  const invalid = new Set(result.invalidTokens);
  const failed = new Set(result.failedTokens);
  const unanswered = new Set(result.unansweredTokens);
  const outcomes = { reached: [] as string[], retry: [] as string[], unanswered: [] as string[], dead: [] as string[] };
  for (const userId of userIds) {
    const mine = tokens.get(userId) ?? [];
    if (mine.some((token) => !invalid.has(token) && !failed.has(token) && !unanswered.has(token))) outcomes.reached.push(userId);
    else if (mine.some((token) => unanswered.has(token))) outcomes.unanswered.push(userId);
    else if (mine.some((token) => failed.has(token))) outcomes.retry.push(userId);
    else outcomes.dead.push(userId);
  }
  return outcomes;
}

/** Each user's device tokens, oldest device first; users without a device are absent. */
async function tokensOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
  const devices = await PushDeviceModel.findAll({ where: { userId: userIds }, attributes: ['userId', 'token'], order: [['id', 'ASC']], raw: true });
  const tokens = new Map<string, string[]>();
  for (const device of devices) {
    const mine = tokens.get(device.userId);
    if (mine) mine.push(device.token);
    else tokens.set(device.userId, [device.token]);
  }
  return tokens;
}

/**
 * Users grouped so that each group's tokens fit one provider request; a user's devices stay in one
 * group (a user with more devices than the limit gets a group of their own, split by the provider).
 */
function* providerBatches(tokens: Map<string, string[]>): Generator<string[]> {
  let batch: string[] = [];
  let size = 0;
  for (const [userId, mine] of tokens) {
    if (batch.length > 0 && size + mine.length > PROVIDER_BATCH_TOKENS) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(userId);
    size += mine.length;
  }
  if (batch.length > 0) yield batch;
}
