import { Service } from 'typedi';
import { CursorPage, CursorQueryInvalid, IdCursor, idCursorPage, IdCursorQuery } from '../../../shared';
import { ChannelRepository } from '../../channel.repository';
import { ChannelPostsRepository } from './channel-posts.repository';
import { ChannelPostView, toChannelPostView } from './post.views';

/** `include_deleted`: `true` or `false` (default false); anything else is 422. */
export function readIncludeDeleted(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw CursorQueryInvalid([{ field: 'include_deleted', code: 'isBoolean', message: 'include_deleted must be true or false' }]);
}

/** Admin reads of a channel's posts (community-content-uploads.md "Channels, admin"): tombstones are readable. */
@Service()
export class ChannelPostsService {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly posts: ChannelPostsRepository,
  ) {}

  /**
   * A cursor page by id, never by publishedAt: `after_id` ascending, `before_id` descending,
   * neither the newest first; the cursor as the spec's worked example (idCursorPage). Tombstones
   * only with `include_deleted=true`. A channel in any status is listed; an unknown one is 404.
   */
  async list(channelId: number, query: IdCursorQuery, includeDeleted: unknown): Promise<CursorPage<ChannelPostView, IdCursor>> {
    const withDeleted = readIncludeDeleted(includeDeleted);
    const channel = await this.channels.requireChannel(channelId);
    const rows = await this.posts.page(channel.id, query, withDeleted);
    const page = idCursorPage(rows, query, (post) => post.id);
    return { ...page, items: page.items.map((post) => toChannelPostView(post, post.attachments)) };
  }

  /** One post of the channel, a tombstone included; 404 for an unknown one or one of another channel. */
  async detail(channelId: number, postId: string): Promise<ChannelPostView> {
    const channel = await this.channels.requireChannel(channelId);
    const post = await this.channels.requirePost(channel.id, postId);
    return toChannelPostView(post, post.attachments);
  }
}
