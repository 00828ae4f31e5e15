import type { AccessType, TrainingStatus } from '@platform/db';
import type { StorageUrls } from '@platform/storage';
import type { TrainingWithProduct } from '../../training.repository';

/**
 * A row of the admin training list (the spec's TrainingListItemDto fields `id`, `title`,
 * `thumbnailRef`, `trailerRef`, `trailerUrl`, plus what the back office sorts and filters on).
 * Named Admin… so it never meets the customer list item at the context's door.
 */
export interface AdminTrainingListItemDto {
  id: number;
  productId: number;
  title: string;
  slug: string;
  status: TrainingStatus;
  isPublished: boolean;
  isSellable: boolean;
  isFree: boolean;
  isFeatured: boolean;
  mrpPaisa: number;
  spPaisa: number;
  categoryId: number | null;
  tagId: number | null;
  accessType: AccessType;
  accessDurationDays: number | null;
  thumbnailRef: string | null;
  thumbnailUrl: string | null;
  trailerRef: string | null;
  trailerUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** GET /api/admin/training/:id and every write's answer: every field of the training and its product. */
export interface TrainingResponseDto extends AdminTrainingListItemDto {
  description: string | null;
  sessionCount: number;
  cohortCount: number;
}

/** DELETE /api/admin/training/:id: removed outright, or archived because someone enrolled or bought it. */
export interface TrainingDeleteResponseDto {
  id: number;
  outcome: 'deleted' | 'archived';
  /** The status now: `archived`, or null once the training is gone. */
  status: 'archived' | null;
}

export interface TrainingTrailerDto {
  id: number;
  trailerRef: string | null;
  trailerUrl: string | null;
}

export function toAdminTrainingListItem(training: TrainingWithProduct, urls: StorageUrls): AdminTrainingListItemDto {
  const { product } = training;
  return {
    id: training.id,
    productId: product.id,
    title: product.title,
    slug: product.slug,
    status: training.status,
    isPublished: product.isPublished,
    isSellable: product.isSellable,
    isFree: training.isFree,
    isFeatured: training.isFeatured,
    mrpPaisa: product.mrpPaisa,
    spPaisa: product.spPaisa,
    categoryId: training.categoryId,
    tagId: training.tagId,
    accessType: training.accessType,
    accessDurationDays: training.accessDurationDays,
    thumbnailRef: training.thumbnailRef,
    thumbnailUrl: urls.publicUrl(training.thumbnailRef),
    trailerRef: training.trailerRef,
    trailerUrl: urls.publicUrl(training.trailerRef),
    createdAt: training.createdAt,
    updatedAt: training.updatedAt,
  };
}

export function toTrainingResponse(
  training: TrainingWithProduct,
  counts: { sessionCount: number; cohortCount: number },
  urls: StorageUrls,
): TrainingResponseDto {
  return { ...toAdminTrainingListItem(training, urls), description: training.description, ...counts };
}
