import { Service } from 'typedi';
import { AdminActor, Clock } from '../../../../shared';
import type { AdminItemView } from '../../../content.views';
import { ContentItemMovesService } from '../content-item-moves.service';

/**
 * POST /api/admin/content-items/:id/archive (CONTRACT section 10): any item becomes archived,
 * archivedAt = now, publishedAt cleared (readers get 404; it can never be published again). An
 * archived item is answered unchanged (archivedAt kept).
 */
@Service()
export class ArchiveContentItemUseCase {
  constructor(
    private readonly moves: ContentItemMovesService,
    private readonly clock: Clock,
  ) {}

  execute(admin: AdminActor, id: number): Promise<AdminItemView> {
    return this.moves.run(admin, id, (item) => {
      if (item.status === 'archived') return false;
      Object.assign(item, { status: 'archived', archivedAt: this.clock.now(), publishedAt: null });
      return true;
    });
  }
}
