import { Service } from 'typedi';
import { AdminActor, Clock } from '../../../../shared';
import { ContentArchivedNotPublishable, ContentStatusInvalid } from '../../../content.errors';
import type { AdminItemView } from '../../../content.views';
import { ContentItemMovesService } from '../content-item-moves.service';

/**
 * POST /api/admin/content-items/:id/publish (community-content-uploads.md "Newsletter item"): a
 * draft or scheduled item becomes published now (publishedAt = the app Clock's now). An item whose
 * scheduledAt lies in the future is 400 CONTENT_STATUS_INVALID (the job publishes it then; clear
 * or move scheduledAt to publish it now); an archived one 400 CONTENT_ARCHIVED_NOT_PUBLISHABLE; a
 * published one is answered unchanged.
 */
@Service()
export class PublishContentItemUseCase {
  constructor(
    private readonly moves: ContentItemMovesService,
    private readonly clock: Clock,
  ) {}

  execute(admin: AdminActor, id: number): Promise<AdminItemView> {
    return this.moves.run(admin, id, (item) => {
      if (item.status === 'archived') throw ContentArchivedNotPublishable();
      if (item.status === 'published') return false;
      const now = this.clock.now();
      if (item.scheduledAt !== null && item.scheduledAt.getTime() > now.getTime()) {
        throw ContentStatusInvalid(
          `This item is scheduled for ${item.scheduledAt.toISOString()}: it is published then; clear or move scheduledAt to publish it now`,
        );
      }
      Object.assign(item, { status: 'published', publishedAt: now });
      return true;
    });
  }
}
