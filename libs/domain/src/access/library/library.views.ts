import type { AccessType, ProductAccessModel, ProductModel, ProductType } from '@platform/db';

/** One product the caller holds, with the grant that lasts longest. */
export interface LibraryItemView {
  productId: number;
  productType: ProductType;
  title: string;
  slug: string;
  accessType: AccessType;
  /** Null for lifetime access. */
  validUntil: Date | null;
  grantedAt: Date;
  course: { id: number } | null;
  digitalBook: { id: number } | null;
}

export function toLibraryItem(
  grant: ProductAccessModel,
  product: ProductModel,
  details: { courseId?: number; digitalBookId?: number },
): LibraryItemView {
  return {
    productId: product.id,
    productType: product.type,
    title: product.title,
    slug: product.slug,
    accessType: grant.accessType,
    validUntil: grant.validUntil,
    grantedAt: grant.createdAt,
    course: details.courseId === undefined ? null : { id: details.courseId },
    digitalBook: details.digitalBookId === undefined ? null : { id: details.digitalBookId },
  };
}
