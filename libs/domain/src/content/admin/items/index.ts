/** Admin item routes (issue 24; CONTRACT section 10): list, CRUD, publish, unpublish, archive, item tier, and the publish_due job. */
export { CreateContentItemDto, UpdateContentItemDto } from './dto/content-item-write.dto';
export {
  MAX_CONTENT_ITEM_BODY_LENGTH,
  MAX_CONTENT_ITEM_SUMMARY_LENGTH,
  MAX_CONTENT_ITEM_TAGS,
  MAX_CONTENT_ITEM_TITLE_LENGTH,
} from './dto/content-item-fields';
export { ADMIN_CONTENT_ITEM_SORTS, CONTENT_TIER_FILTERS, FetchContentItemsDto } from './dto/fetch-content-items.dto';
export { AdminContentItemsService } from './content-items-admin.service';
export { CreateContentItemUseCase } from './use-cases/create-content-item.use-case';
export { UpdateContentItemUseCase } from './use-cases/update-content-item.use-case';
export { DeleteContentItemUseCase } from './use-cases/delete-content-item.use-case';
export { PublishContentItemUseCase } from './use-cases/publish-content-item.use-case';
export { UnpublishContentItemUseCase } from './use-cases/unpublish-content-item.use-case';
export { ArchiveContentItemUseCase } from './use-cases/archive-content-item.use-case';
export { SetContentItemTierUseCase } from './use-cases/set-content-item-tier.use-case';
export { PublishDueContentItemsUseCase } from './use-cases/publish-due-content-items.use-case';
export type { PublishDueContentItemsReport } from './use-cases/publish-due-content-items.use-case';
