import { ContainerInstance, Service } from 'typedi';
import { NotificationEventModel } from '@platform/db';
import { CHANNEL_PUSH_AUDIENCE, ChannelPushAudience, Clock } from '../../shared';
import type { NotificationContent } from '../templates';
import { DeliveryTally, emptyTally } from './delivery-tally';
import { PushSender } from './notification-senders';
import { PushFanOutService } from './push-fan-out.service';

/** Members read per audience page (one entitlement query per page for a gated channel). */
export const FAN_OUT_PAGE_SIZE = 1_000;

/** The app's ChannelPushAudience (libs/runtime registers the channels context's one). */
function registeredAudience(container: ContainerInstance): ChannelPushAudience {
  if (!container.has(CHANNEL_PUSH_AUDIENCE)) {
    throw new Error(`No channel push audience in container ${String(container.id)}: build it with createAppContainer (libs/runtime), which registers it`);
  }
  return container.get(container.get(CHANNEL_PUSH_AUDIENCE));
}

/**
 * The broadcast push of a channel post (CHANNEL_BROADCAST_POST; issue 22 "Broadcast push") to
 * every member the channels context names, page by page: the shared PushFanOutService (provider
 * batches of up to 500 tokens, each member pushed at most once, a member who left or whose grace
 * ended before a retry skipped). The event is one per post, so each member has one delivery row
 * (event, push, user). The audience is judged at one instant, the clock when the run starts.
 */
@Service({
  factory: (container: ContainerInstance) =>
    new ChannelBroadcastFanOutService(registeredAudience(container), container.get(PushFanOutService), container.get(PushSender), container.get(Clock)),
})
export class ChannelBroadcastFanOutService {
  constructor(
    private readonly audience: ChannelPushAudience,
    private readonly pushFanOut: PushFanOutService,
    private readonly pushSender: PushSender,
    private readonly clock: Clock,
  ) {}

  async deliver(event: NotificationEventModel, content: NotificationContent): Promise<DeliveryTally> {
    const postId = Number(event.payload['postId']);
    const channelId = event.channelId;
    if (channelId === null || !Number.isSafeInteger(postId)) return emptyTally();
    const at = this.clock.now();
    return this.pushFanOut.deliver({
      eventId: event.id,
      label: 'broadcast push',
      message: this.pushSender.message(event, content),
      pageSize: FAN_OUT_PAGE_SIZE,
      page: async (after, limit) => {
        const page = await this.audience.page({ channelId, postId }, after, limit, at);
        return { recipients: page.userIds, next: page.next };
      },
    });
  }
}
