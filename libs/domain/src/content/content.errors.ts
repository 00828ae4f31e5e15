import { DomainError } from '../shared';

/** community-content-uploads.md "Errors → Newsletter content", and CONTRACT section 10's decisions. */
export const ContentNotFound = () => new DomainError('CONTENT_NOT_FOUND', 'Content not found');
export const ContentSeriesNotFound = () => new DomainError('CONTENT_SERIES_NOT_FOUND', 'Content series not found');
/** The spec's 403 "no tier or expired entitlement". */
export const ContentAccessDenied = (tier: 'basic' | 'premium') =>
  new DomainError('CONTENT_ACCESS_DENIED', `This item needs an active ${tier} subscription`);
export const ContentStatusInvalid = (message: string) => new DomainError('CONTENT_STATUS_INVALID', message);
export const ContentArchivedNotPublishable = () =>
  new DomainError('CONTENT_ARCHIVED_NOT_PUBLISHABLE', 'An archived item cannot be published again');
export const ContentCategoryNotFound = (id: number) => new DomainError('CONTENT_CATEGORY_NOT_FOUND', `Content category ${id} not found`);
export const TagNotFound = (id: number) => new DomainError('TAG_NOT_FOUND', `Tag ${id} not found`);
export const FeaturedContentNotFound = () => new DomainError('FEATURED_CONTENT_NOT_FOUND', 'Featured entry not found');
export const FeaturedContentInvalidDateRange = () =>
  new DomainError('FEATURED_CONTENT_INVALID_DATE_RANGE', 'start_date must not be after end_date');
/** 409: a series' published items keep it (unpublish or archive them first). */
export const ContentSeriesHasPublishedItems = () =>
  new DomainError('CONFLICT', 'This series has published items: unpublish or archive them before deleting it');
/** 409: a slug a series or an item holds, or held before (old slugs keep resolving). */
export const ContentSlugTaken = (slug: string) => new DomainError('CONFLICT', `The slug "${slug}" is already in use`);
