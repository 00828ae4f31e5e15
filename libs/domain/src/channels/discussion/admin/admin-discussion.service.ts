import { Service } from 'typedi';
import { CursorPage, IdCursor, idCursorPage, IdCursorQuery } from '../../../shared';
import { readIncludeDeleted } from '../../admin/posts';
import { DiscussionMessagesRepository } from '../discussion-messages.repository';
import { DiscussionRepository } from '../discussion.repository';
import { DiscussionView, MessageView, toDiscussionView, toMessageView } from '../discussion.views';

/**
 * Admin reads of a channel's discussion (CONTRACT section 10): its settings and its messages, for
 * a channel in any status (a soft-deleted one included, as the admin channel detail is).
 */
@Service()
export class AdminDiscussionService {
  constructor(
    private readonly discussions: DiscussionRepository,
    private readonly messagePages: DiscussionMessagesRepository,
  ) {}

  async detail(channelId: number): Promise<DiscussionView> {
    return toDiscussionView((await this.discussions.requireOfChannel(channelId)).discussion);
  }

  /**
   * A cursor page by id (`after_id` ascending, `before_id` descending, neither the newest first);
   * tombstones (body null) only with `include_deleted=true`. The SQL and the cursor are the mobile
   * list's (DiscussionMessagesRepository).
   */
  async messages(channelId: number, query: IdCursorQuery, includeDeleted: unknown): Promise<CursorPage<MessageView, IdCursor>> {
    const withDeleted = readIncludeDeleted(includeDeleted);
    const { discussion } = await this.discussions.requireOfChannel(channelId);
    const rows = await this.messagePages.page(discussion.id, query, { includeDeleted: withDeleted });
    const page = idCursorPage(rows, query, (message) => message.id);
    return { ...page, items: page.items.map(toMessageView) };
  }
}
