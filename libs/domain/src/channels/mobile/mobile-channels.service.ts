import { Service } from 'typedi';
import { Actor, Clock, CursorPage, ListCursorsService, SortedCursor, SortedPageQuery } from '../../shared';
import { EntitlementService } from '../../subscriptions';
import { ChannelAccess, ChannelAccessService, ChannelReader } from '../access';
import { ChannelRepository, ChannelWithPolicy } from '../channel.repository';
import { ChannelAccessDenied, ChannelNotFound } from '../channels.errors';
import { channelReaderOf, MobileChannelItemView, toMobileChannelItem } from './mobile-channel.views';
import { MobileChannelsRepository } from './mobile-channels.repository';

/** The mobile channel list's cursor binding: one fixed order, newest channel first (`sort` or `order` given: 422). */
export const MOBILE_CHANNEL_LIST = { list: 'channels.mobile', sort: 'createdAt', order: 'desc' } as const;

/**
 * Customer reads of channels (community-content-uploads.md "Channels, mobile"; issue 22). Every
 * access decision is ChannelAccessService.decide's: a channel the reader may not see is 404 (so
 * a PRIVATE channel does not leak), one they see but may not read is 403, except for a joined
 * member who lost access, who gets the locked shell.
 */
@Service()
export class MobileChannelsService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly repository: MobileChannelsRepository,
    private readonly access: ChannelAccessService,
    private readonly entitlements: EntitlementService,
    private readonly cursors: ListCursorsService,
    private readonly clock: Clock,
  ) {}

  /**
   * A keyset page of the channels the caller may see (filtered in SQL, so `limit` and `has_more`
   * are exact), each with its access and post counters. Those are computed per item through the
   * access function: at most 100 channels a page, each a membership lookup and one indexed stats
   * query (entitlement windows come from their cache), which keeps the rule in one place.
   */
  async list(actor: Actor | undefined, page: SortedPageQuery): Promise<CursorPage<MobileChannelItemView, SortedCursor>> {
    const reader = channelReaderOf(actor);
    const at = this.clock.now();
    const featureKeys = reader ? (await this.entitlements.at(reader.userId, at)).featureKeys : [];
    const rows = await this.repository.seenPage(page, reader && { userId: reader.userId, featureKeys });
    const result = this.cursors.page(rows, page);
    const channels = await this.repository.withPolicies(result.items.map((row) => row.id));
    const items = await Promise.all(
      channels.map(async (channel) => {
        const access = await this.access.decide(channel, reader, at);
        // The query and the function agree at `at`; a membership or a channel changed between the two leaves a row out.
        return access.canSee ? this.item(channel, access, reader) : null;
      }),
    );
    const shown = items.filter((item): item is MobileChannelItemView => item !== null);
    return { ...result, items: shown, count: shown.length };
  }

  /** The item; a joined member without access gets the locked shell, anyone else without access 403. */
  async detail(actor: Actor | undefined, channelId: number): Promise<MobileChannelItemView> {
    const reader = channelReaderOf(actor);
    const channel = await this.channels.requireChannel(channelId);
    const access = await this.access.decide(channel, reader);
    if (!access.canSee) throw ChannelNotFound();
    if (!access.canRead && !access.isLocked) throw ChannelAccessDenied();
    return this.item(channel, access, reader);
  }

  private async item(channel: ChannelWithPolicy, access: ChannelAccess, reader: ChannelReader): Promise<MobileChannelItemView> {
    const stats = access.canRead
      ? await this.repository.postStats(channel.id, access.visible, reader?.userId ?? null)
      : { unreadCount: 0, lastPostId: null };
    return toMobileChannelItem(channel, access, stats);
  }
}
