import { Service } from 'typedi';
import { Database, DiscussionMessageModel } from '@platform/db';
import { CursorPage, IdCursor, idCursorPage, IdCursorQuery, idKeyset } from '../../../shared';
import { readIncludeDeleted } from '../../admin/posts';
import { DiscussionRepository } from '../discussion.repository';
import { DiscussionView, MessageView, toDiscussionView, toMessageView } from '../discussion.views';

/**
 * Admin reads of a channel's discussion (CONTRACT section 10): its settings and its messages, for
 * a channel in any status (a soft-deleted one included, as the admin channel detail is).
 */
@Service()
export class AdminDiscussionService {
  constructor(
    private readonly db: Database,
    private readonly discussions: DiscussionRepository,
  ) {}

  async detail(channelId: number): Promise<DiscussionView> {
    return toDiscussionView((await this.discussions.requireOfChannel(channelId)).discussion);
  }

  /**
   * Newest first, a page by `before_id` (idKeyset over discussion_messages_page_idx); tombstones
   * (body null) only with `include_deleted=true`. The cursor is the mobile list's.
   */
  async messages(channelId: number, query: IdCursorQuery, includeDeleted: unknown): Promise<CursorPage<MessageView, IdCursor>> {
    const withDeleted = readIncludeDeleted(includeDeleted);
    const { discussion } = await this.discussions.requireOfChannel(channelId);
    const keyset = idKeyset(query, 'm.id');
    const rows = await this.db.sequelize.query<DiscussionMessageModel>(
      `SELECT m.* FROM discussion_messages m
        WHERE m.discussion_id = :discussionId${withDeleted ? '' : ' AND NOT m.is_deleted'} AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { replacements: { discussionId: discussion.id, ...keyset.replacements }, model: DiscussionMessageModel, mapToModel: true },
    );
    const page = idCursorPage(rows, query, (message) => message.id);
    return { ...page, items: page.items.map(toMessageView) };
  }
}
