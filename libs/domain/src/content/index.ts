/**
 * The newsletter content context's door (community-content-uploads.md "Newsletter content";
 * issue 24). Other contexts and the apps import content only from here.
 */
export * from './content.errors';
export { itemSlugs, RESERVED_ITEM_SLUGS, seriesSlugs } from './content-slugs';
// The one access function: full items, the library, email and push audiences ask it.
export { ContentAccessService, ContentTiersService, SetContentTierDto } from './access';
export type { ContentDecision } from './access';
export * from './content.views';
export { ContentItemDetailsService } from './content-item-details.service';
// Featured entries: admin CRUD and reorder, the public featured lists.
export * from './featured';
// Admin items: list, CRUD, publish / unpublish / archive, item tier, the content.publish_due job.
export * from './admin/items';
// Readers: public series and items, previews, full items and the library.
export * from './readers';
// Admin series and series tiers; categories and tags.
export * from './admin/series';
export * from './admin/labels';
// Admin newsletter sends (send-email, send-push, deliveries) and the subscriber list.
export * from './admin/delivery';
export * from './admin/subscribers';
// Newsletter delivery: the readers audience of email and push sends, and the one-click unsubscribe.
export * from './newsletter';
// The public reads' cache: every content write goes through it (transaction / invalidate).
export { ContentPublicViews, CONTENT_PUBLIC_VIEWS, CONTENT_VIEW_MAX_TTL_SECONDS } from './content-public-views.service';
