import { Service } from 'typedi';
import { ContentFeaturedModel } from '@platform/db';
import { AdminActor, Clock } from '../../../shared';
import { ContentFeaturedRepository } from '../content-featured.repository';
import { ContentFeaturedService } from '../content-featured.service';
import type { CreateFeaturedEntryDto } from '../dto/featured-entry.dto';
import { assertWindow, readWindowSide } from '../featured-window';
import type { AdminFeaturedView } from '../featured.views';
import { ContentPublicViews } from '../../content-public-views.service';

/**
 * POST /api/admin/content-featured: features an item (of any status) with an optional window and
 * order; without display_order it goes after the last entry. start after end is 400
 * FEATURED_CONTENT_INVALID_DATE_RANGE (checked before anything is read); an unknown item 404
 * CONTENT_NOT_FOUND.
 */
@Service()
export class CreateFeaturedEntryUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly featured: ContentFeaturedRepository,
    private readonly reads: ContentFeaturedService,
    private readonly clock: Clock,
  ) {}

  execute(admin: AdminActor, dto: CreateFeaturedEntryDto): Promise<AdminFeaturedView> {
    const startDate = readWindowSide(dto.start_date, 'start') ?? null;
    const endDate = readWindowSide(dto.end_date, 'end') ?? null;
    assertWindow(startDate, endDate);
    return this.publicViews.transaction(async (tx) => {
      await this.featured.lock(tx);
      const item = await this.featured.requireFeaturableItem(dto.content_item_id, tx);
      const displayOrder = dto.display_order ?? (await this.featured.nextOrder(tx));
      const at = this.clock.now();
      const entry = await ContentFeaturedModel.create(
        { contentItemId: item.id, startDate, endDate, displayOrder, createdByAdminId: admin.id, createdAt: at, updatedAt: at },
        // `silent` keeps the Clock's updatedAt.
        { transaction: tx, silent: true },
      );
      return (await this.reads.adminViews([entry], tx))[0];
    });
  }
}
