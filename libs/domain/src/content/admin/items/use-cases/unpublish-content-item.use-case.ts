import { Service } from 'typedi';
import type { AdminActor } from '../../../../shared';
import { ContentStatusInvalid } from '../../../content.errors';
import type { AdminItemView } from '../../../content.views';
import { ContentItemMovesService } from '../content-item-moves.service';

/**
 * POST /api/admin/content-items/:id/unpublish: a published or scheduled item goes back to draft,
 * publishedAt and scheduledAt cleared (it leaves the schedule too: PATCH scheduledAt schedules it
 * again). A draft is answered unchanged; an archived item is 400 CONTENT_STATUS_INVALID.
 */
@Service()
export class UnpublishContentItemUseCase {
  constructor(private readonly moves: ContentItemMovesService) {}

  execute(admin: AdminActor, id: number): Promise<AdminItemView> {
    return this.moves.run(admin, id, (item) => {
      if (item.status === 'archived') throw ContentStatusInvalid('An archived item cannot be unpublished');
      if (item.status === 'draft') return false;
      Object.assign(item, { status: 'draft', publishedAt: null, scheduledAt: null });
      return true;
    });
  }
}
