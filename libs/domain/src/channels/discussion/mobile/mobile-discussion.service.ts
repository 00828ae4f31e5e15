import { Service } from 'typedi';
import { CursorPage, CustomerActor, IdCursor, idCursorPage, IdCursorQuery } from '../../../shared';
import { DiscussionRepository } from '../discussion.repository';
import { CompactMessageView, DiscussionView, MessageView, toCompactMessageView, toDiscussionView, toMessageView } from '../discussion.views';
import { readMessageView } from './dto/message-view.dto';
import { MobileDiscussionAccessService } from './mobile-discussion-access.service';
import { MobileDiscussionRepository } from './mobile-discussion.repository';

/**
 * A channel's discussion for members (community-content-uploads.md "Discussion and messages",
 * "Channels, mobile" rule 4; issue 23): the discussion and its messages, newest first, tombstones
 * included with a null body. A disabled discussion stays readable (it takes no new messages).
 */
@Service()
export class MobileDiscussionService {
  constructor(
    private readonly discussions: DiscussionRepository,
    private readonly repository: MobileDiscussionRepository,
    private readonly access: MobileDiscussionAccessService,
  ) {}

  async discussion(actor: CustomerActor, channelId: number): Promise<DiscussionView> {
    const found = await this.discussions.requireOfChannel(channelId);
    await this.access.requireParticipant(actor, found);
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
    await this.access.requireParticipant(actor, found);
    const page = idCursorPage(await this.repository.page(found.discussion.id, query), query, (message) => message.id);
    return { ...page, items: page.items.map(toView) };
  }
}
