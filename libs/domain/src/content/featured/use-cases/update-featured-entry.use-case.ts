import { Service } from 'typedi';
import { ContentFeaturedModel } from '@platform/db';
import { Clock, ValidationFailed } from '../../../shared';
import { ContentFeaturedRepository } from '../content-featured.repository';
import { ContentFeaturedService } from '../content-featured.service';
import type { UpdateFeaturedEntryDto } from '../dto/featured-entry.dto';
import { assertWindow, readWindowSide } from '../featured-window';
import type { AdminFeaturedView } from '../featured.views';
import { ContentPublicViews } from '../../content-public-views.service';

/**
 * PATCH /api/admin/content-featured/:id: any of the create fields (at least one; null clears a
 * date). The window rule is checked on the merged values, so moving only start_date past the
 * stored end_date is 400 FEATURED_CONTENT_INVALID_DATE_RANGE. display_order is set as given (the
 * other entries keep theirs; ties are listed by id).
 */
@Service()
export class UpdateFeaturedEntryUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly featured: ContentFeaturedRepository,
    private readonly reads: ContentFeaturedService,
    private readonly clock: Clock,
  ) {}

  execute(id: number, dto: UpdateFeaturedEntryDto): Promise<AdminFeaturedView> {
    const present = Object.keys(dto).filter((key) => dto[key as keyof UpdateFeaturedEntryDto] !== undefined);
    if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one field');
    return this.publicViews.transaction(async (tx) => {
      await this.featured.lock(tx);
      const entry = await this.reads.require(id, tx);
      const startDate = readWindowSide(dto.start_date, 'start');
      const endDate = readWindowSide(dto.end_date, 'end');
      assertWindow(startDate === undefined ? entry.startDate : startDate, endDate === undefined ? entry.endDate : endDate);
      const contentItemId = dto.content_item_id === undefined ? undefined : (await this.featured.requireFeaturableItem(dto.content_item_id, tx)).id;
      const values = { contentItemId, startDate, endDate, displayOrder: dto.display_order, updatedAt: this.clock.now() };
      // `silent` writes the Clock's updatedAt instead of sequelize's own now; undefined fields are left as they are.
      const [, [updated]] = await ContentFeaturedModel.update(values, { where: { id: entry.id }, transaction: tx, silent: true, returning: true });
      return (await this.reads.adminViews([updated], tx))[0];
    });
  }
}
