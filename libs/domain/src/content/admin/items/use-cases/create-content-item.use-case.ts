import { Service } from 'typedi';
import { ContentItemModel } from '@platform/db';
import { AdminActor, Clock } from '../../../../shared';
import { chooseItemSlug, itemSlugs } from '../../../content-slugs';
import type { AdminItemView } from '../../../content.views';
import { statusBySchedule } from '../content-item-schedule';
import { ContentItemReferencesService } from '../content-item-references.service';
import { AdminContentItemsService } from '../content-items-admin.service';
import { CreateContentItemDto } from '../dto/content-item-write.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * POST /api/admin/content-items (CONTRACT section 10): a `draft` item, or `scheduled` when
 * scheduledAt lies in the future by the app Clock (the content.publish_due job publishes it then).
 * Its series, category and tags must exist; its slug is the one asked for or one made from the
 * title, free among current and former item slugs (409 CONFLICT otherwise, a lost race too).
 */
@Service()
export class CreateContentItemUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly clock: Clock,
    private readonly references: ContentItemReferencesService,
    private readonly reads: AdminContentItemsService,
  ) {}

  async execute(admin: AdminActor, input: CreateContentItemDto): Promise<AdminItemView> {
    const scheduledAt = input.scheduledAt === undefined ? null : new Date(input.scheduledAt);
    return this.publicViews.transaction(async (tx) => {
      await this.references.requireSeries(input.seriesId, tx);
      if (input.categoryId !== undefined) await this.references.requireCategory(input.categoryId, tx);
      const tagIds = await this.references.requireTags(input.tagIds ?? [], tx);
      // chooseItemSlug finds the slug free; a concurrent create of the same slug meets the unique key at
      // the INSERT, answered as 409 naming that slug (the one asked for or made from the title).
      const slug = await chooseItemSlug(input.slug, input.title, tx);
      const item = await itemSlugs.raceAsConflict(slug, () =>
        ContentItemModel.create(
          {
            seriesId: input.seriesId,
            title: input.title,
            slug,
            summary: input.summary ?? null,
            body: input.body,
            status: statusBySchedule(scheduledAt, this.clock.now()),
            scheduledAt,
            categoryId: input.categoryId ?? null,
            createdByAdminId: admin.id,
          },
          { transaction: tx },
        ),
      );
      await this.references.replaceTags(item.id, tagIds, tx);
      return this.reads.view(item, tx);
    });
  }
}
