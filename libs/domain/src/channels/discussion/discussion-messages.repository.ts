import { Service } from 'typedi';
import { Database, DiscussionMessageModel, Transaction } from '@platform/db';
import { IdCursorQuery, idKeyset } from '../../shared';

/**
 * The message pages of a discussion, one SQL for the member and the admin lists (issue 23), paged
 * as the channel post lists are (community-content-uploads.md "Channels, mobile" rule 2): `after_id`
 * ascending, `before_id` descending, neither the newest first.
 */
@Service()
export class DiscussionMessagesRepository {
  constructor(private readonly db: Database) {}

  /**
   * `limit + 1` rows in the query's order (the caller computes has_more, e.g. with idCursorPage), no
   * OFFSET: a range scan of discussion_messages_page_idx (discussion_id, id DESC), read backward for
   * `after_id`. Tombstones (is_deleted, body null) only with `includeDeleted`.
   */
  page(discussionId: number, query: IdCursorQuery, options: { includeDeleted: boolean }): Promise<DiscussionMessageModel[]> {
    const keyset = idKeyset(query, 'm.id');
    return this.db.sequelize.query<DiscussionMessageModel>(
      `SELECT m.* FROM discussion_messages m
        WHERE m.discussion_id = :discussionId${options.includeDeleted ? '' : ' AND NOT m.is_deleted'} AND ${keyset.where}
        ORDER BY ${keyset.orderBy} LIMIT ${keyset.limit}`,
      { replacements: { discussionId, ...keyset.replacements }, model: DiscussionMessageModel, mapToModel: true },
    );
  }

  /**
   * Writes `changes` to `message` with updatedAt `at`, and applies them to the instance. `at` comes
   * from the app Clock, as editedAt and deletedAt do: Model#save would stamp updatedAt from the
   * wall clock (and `silent` would leave it unchanged), so this is one UPDATE with `silent`, which
   * keeps the given updatedAt.
   */
  async update(message: DiscussionMessageModel, changes: Partial<DiscussionMessageModel>, at: Date, tx: Transaction): Promise<void> {
    const values = { ...changes, updatedAt: at };
    await DiscussionMessageModel.update(values, { where: { id: message.id }, transaction: tx, silent: true });
    message.set(values, { raw: true });
  }
}
