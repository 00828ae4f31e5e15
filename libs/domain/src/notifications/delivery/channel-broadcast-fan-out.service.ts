import { ContainerInstance, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { NotificationEventModel, PushDeviceModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { CHANNEL_PUSH_AUDIENCE, ChannelPushAudience, Clock, CONFIG, LOGGER } from '../../shared';
import { PushMessage, PushProviders, PushTokensResult } from '../push';
import type { NotificationContent } from '../templates';
import { NotificationDeliveries } from './notification-deliveries.repository';
import { PushSender } from './notification-senders';

/** Members read per audience page (one entitlement query per page for a gated channel). */
export const FAN_OUT_PAGE_SIZE = 1_000;
/** Tokens per provider request: FCM's multicast limit. */
export const PROVIDER_BATCH_TOKENS = 500;
/** A member whose push failed this often (an error that does not go away) is given up. */
export const FAN_OUT_MAX_ATTEMPTS = 5;
/** A claim outlives one provider request (PUSH_SEND_TIMEOUT_MS) by this much before it counts as abandoned. */
const LEASE_MARGIN_SECONDS = 20;

/** What one run of a delivery did; `failed` and `busy` deliveries make the job retry it. */
export interface DeliveryTally {
  sent: number;
  skipped: number;
  failed: number;
  busy: number;
  firstError: string | undefined;
}

/** The app's ChannelPushAudience (libs/runtime registers the channels context's one). */
function registeredAudience(container: ContainerInstance): ChannelPushAudience {
  if (!container.has(CHANNEL_PUSH_AUDIENCE)) {
    throw new Error(`No channel push audience in container ${String(container.id)}: build it with createAppContainer (libs/runtime), which registers it`);
  }
  return container.get(container.get(CHANNEL_PUSH_AUDIENCE));
}

/**
 * The broadcast push of a channel post (CHANNEL_BROADCAST_POST; issue 22 "Broadcast push") to
 * every member the channels context names, page by page, in provider requests of up to 500
 * tokens. Each member has one delivery row (event, push, user), the event being one per post,
 * and gets the push at most once:
 * - a batch is claimed in one statement (pending|failed → sending) before its request and settled
 *   from the provider's per-token answer: reached on some device → sent; refused for a transient
 *   reason → failed, sent again by the job's retry (up to FAN_OUT_MAX_ATTEMPTS); no answer
 *   (timeout) → skipped, since the provider may still deliver it; only dead tokens → skipped, and
 *   the tokens are dropped;
 * - a claim whose lease ran out (its worker died mid-request) is settled as skipped, never sent
 *   again: a missed push rather than a second one;
 * - deliveries of users no longer among the recipients when a retry walks the members (they
 *   left, the grace ended, the post was deleted) are skipped rather than sent late.
 * The audience is judged at one instant, the clock when the run starts.
 */
@Service({
  factory: (container: ContainerInstance) =>
    new ChannelBroadcastFanOutService(
      registeredAudience(container),
      container.get(NotificationDeliveries),
      container.get(PushProviders),
      container.get(PushSender),
      container.get(Clock),
      container.get(CONFIG),
      container.get(LOGGER),
    ),
})
export class ChannelBroadcastFanOutService {
  private readonly leaseSeconds: number;

  constructor(
    private readonly audience: ChannelPushAudience,
    private readonly deliveries: NotificationDeliveries,
    private readonly providers: PushProviders,
    private readonly pushSender: PushSender,
    private readonly clock: Clock,
    config: AppConfig,
    private readonly logger: Logger,
  ) {
    this.leaseSeconds = Math.ceil(config.notifications.push.fcm.sendTimeoutMs / 1000) + LEASE_MARGIN_SECONDS;
  }

  async deliver(event: NotificationEventModel, content: NotificationContent): Promise<DeliveryTally> {
    const tally: DeliveryTally = { sent: 0, skipped: 0, failed: 0, busy: 0, firstError: undefined };
    const postId = Number(event.payload['postId']);
    if (event.channelId === null || !Number.isSafeInteger(postId)) return tally;
    const runStartedAt = await this.deliveries.databaseNow();
    const abandoned = await this.deliveries.abandonExpired(event.id, 'not sent again: the attempt that claimed it stopped before recording the answer');
    if (abandoned > 0) this.logger.warn({ eventId: event.id, abandoned }, 'broadcast push: deliveries of a stopped attempt left unsent');
    tally.skipped += abandoned + (await this.deliveries.giveUpAfter(event.id, FAN_OUT_MAX_ATTEMPTS));

    const at = this.clock.now();
    const message = this.pushSender.message(event, content);
    let after: string | null = null;
    do {
      const page = await this.audience.page({ channelId: event.channelId, postId }, after, FAN_OUT_PAGE_SIZE, at);
      await this.sendPage(event.id, page.userIds, message, tally);
      after = page.next;
    } while (after !== null);

    tally.skipped += await this.deliveries.skipUntouchedSince(event.id, runStartedAt, 'no longer a recipient');
    tally.busy = await this.deliveries.heldElsewhere(event.id);
    return tally;
  }

  private async sendPage(eventId: string, userIds: string[], message: PushMessage, tally: DeliveryTally): Promise<void> {
    if (userIds.length === 0) return;
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

/** Each member's outcome from their devices' answers: one device reached is enough. */
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
