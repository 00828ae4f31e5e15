import { Service } from 'typedi';
import { ContentItemModel } from '@platform/db';
import { AdminActor, Clock, sameInstant, ValidationFailed } from '../../../../shared';
import { itemSlugs } from '../../../content-slugs';
import { ContentStatusInvalid } from '../../../content.errors';
import type { AdminItemView } from '../../../content.views';
import { statusBySchedule } from '../content-item-schedule';
import { ContentItemReferencesService } from '../content-item-references.service';
import { AdminContentItemsRepository } from '../content-items-admin.repository';
import { AdminContentItemsService } from '../content-items-admin.service';
import { UpdateContentItemDto } from '../dto/content-item-write.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * PATCH /api/admin/content-items/:id under the item's row lock. A new slug keeps the old one
 * resolving (itemSlugs.rename); `tagIds` replaces the set; `scheduledAt` moves a draft or scheduled
 * item between the two by the create rule. A published or archived item's scheduledAt does not
 * change (400 CONTENT_STATUS_INVALID: unpublish a published item first).
 */
@Service()
export class UpdateContentItemUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly clock: Clock,
    private readonly items: AdminContentItemsRepository,
    private readonly references: ContentItemReferencesService,
    private readonly reads: AdminContentItemsService,
  ) {}

  async execute(admin: AdminActor, id: number, input: UpdateContentItemDto): Promise<AdminItemView> {
    const present = Object.keys(input).filter((key) => input[key as keyof UpdateContentItemDto] !== undefined);
    if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one field');
    return itemSlugs.raceAsConflict(input.slug ?? '', () =>
      this.publicViews.transaction(async (tx) => {
        const item = await this.items.requireItem(id, tx, true);
        if (input.seriesId !== undefined && input.seriesId !== item.seriesId) await this.references.requireSeries(input.seriesId, tx);
        if (input.categoryId !== undefined && input.categoryId !== null) await this.references.requireCategory(input.categoryId, tx);
        const tagIds = input.tagIds === undefined ? undefined : await this.references.requireTags(input.tagIds, tx);
        if (input.scheduledAt !== undefined) this.reschedule(item, input.scheduledAt === null ? null : new Date(input.scheduledAt));
        if (input.slug !== undefined) await itemSlugs.rename(item, input.slug, tx);
        if (input.seriesId !== undefined) item.seriesId = input.seriesId;
        if (input.title !== undefined) item.title = input.title;
        if (input.summary !== undefined) item.summary = input.summary;
        if (input.body !== undefined) item.body = input.body;
        if (input.categoryId !== undefined) item.categoryId = input.categoryId;
        item.updatedByAdminId = admin.id;
        // Tag-only edits change the item too: the list sorts on updatedAt.
        item.changed('updatedAt', true);
        await item.save({ transaction: tx });
        if (tagIds !== undefined) await this.references.replaceTags(item.id, tagIds, tx);
        return this.reads.view(item, tx);
      }),
    );
  }

  private reschedule(item: ContentItemModel, scheduledAt: Date | null): void {
    // An unchanged time changes nothing: a form that sends every field back must not turn a
    // scheduled item whose time just passed (the job has not run yet) into a draft.
    if (sameInstant(item.scheduledAt, scheduledAt)) return;
    if (item.status === 'draft' || item.status === 'scheduled') {
      item.scheduledAt = scheduledAt;
      item.status = statusBySchedule(scheduledAt, this.clock.now());
      return;
    }
    throw ContentStatusInvalid(
      item.status === 'published'
        ? 'A published item cannot be rescheduled: unpublish it first'
        : 'An archived item cannot be scheduled',
    );
  }
}
