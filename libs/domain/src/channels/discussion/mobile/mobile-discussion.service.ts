import { Service } from 'typedi';
import { CursorPage, CustomerActor, IdCursor, idCursorPage, IdCursorQuery } from '../../../shared';
import { DiscussionMessagesRepository } from '../discussion-messages.repository';
import { DiscussionRepository } from '../discussion.repository';
import { CompactMessageView, DiscussionView, MessageView, toCompactMessageView, toDiscussionView, toMessageView } from '../discussion.views';
import { readMessageView } from './dto/message-view.dto';
import { MobileDiscussionAccessService } from './mobile-discussion-access.service';

/**
 * A channel's discussion for members (community-content-uploads.md "Discussion and messages",
 * "Channels, mobile" rules 2 and 4; issue 23): the discussion and its messages as a cursor page by
 * id, as the post lists (`after_id` ascending, `before_id` descending, neither the newest first),
 * tombstones included with a null body. A disabled discussion stays readable (it takes no new
 * messages); a banned member reads neither (403 CHANNEL_DISCUSSION_BANNED): a ban shuts them out
 * entirely, as the realtime room does.
 */
@Service()
export class MobileDiscussionService {
  constructor(
    private readonly discussions: DiscussionRepository,
    private readonly messagesOf: DiscussionMessagesRepository,
    private readonly access: MobileDiscussionAccessService,
  ) {}

  async discussion(actor: CustomerActor, channelId: number): Promise<DiscussionView> {
    const found = await this.discussions.requireOfChannel(channelId);
    await this.access.requireReader(actor, found);
    return toDiscussionView(found.discussion);
  }

  /** `view`: the raw query parameter (full by default, compact; else 422, before any lookup). */
  async messages(
    actor: CustomerActor,
    channelId: number,
    query: IdCursorQuery,
    view: unknown,
  ): Promise<CursorPage<MessageView | CompactMessageView, IdCursor>> {
    const toView = readMessageView(view) === 'compact' ? toCompactMessageView : toMessageView;
    const found = await this.discussions.requireOfChannel(channelId);
    await this.access.requireReader(actor, found);
    const rows = await this.messagesOf.page(found.discussion.id, query, { includeDeleted: true });
    const page = idCursorPage(rows, query, (message) => message.id);
    return { ...page, items: page.items.map(toView) };
  }
}
