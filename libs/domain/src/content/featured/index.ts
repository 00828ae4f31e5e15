export * from './dto/featured-entry.dto';
export type { AdminFeaturedView, FeaturedItemSummary, PublicFeaturedView } from './featured.views';
export { FEATURED_LOCK_KEY } from './content-featured.repository';
export { ContentFeaturedService } from './content-featured.service';
export { CreateFeaturedEntryUseCase } from './use-cases/create-featured-entry.use-case';
export { UpdateFeaturedEntryUseCase } from './use-cases/update-featured-entry.use-case';
export { DeleteFeaturedEntryUseCase } from './use-cases/delete-featured-entry.use-case';
export { ReorderFeaturedEntriesUseCase } from './use-cases/reorder-featured-entries.use-case';
