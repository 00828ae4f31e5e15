import type { CourseModel, ProductModel } from '@platform/db';
import type { StorageUrls } from '@platform/storage';

/**
 * CourseResponseDto (learning-commerce.md "Trailer fields"): `id`, `title`, `trailerRef` and
 * `trailerUrl`, resolved on every read, plus the catalog fields the admin panel and the store use.
 */
export interface CourseView {
  id: number;
  productId: number;
  title: string;
  slug: string;
  description: string | null;
  mrpPaisa: number;
  spPaisa: number;
  isPublished: boolean;
  isSellable: boolean;
  thumbnailRef: string | null;
  thumbnailUrl: string | null;
  trailerRef: string | null;
  trailerUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CourseWithProduct = CourseModel & { product: ProductModel };

export function toCourseView(course: CourseWithProduct, urls: StorageUrls): CourseView {
  const { product } = course;
  return {
    id: course.id,
    productId: product.id,
    title: product.title,
    slug: product.slug,
    description: course.description,
    mrpPaisa: product.mrpPaisa,
    spPaisa: product.spPaisa,
    isPublished: product.isPublished,
    isSellable: product.isSellable,
    thumbnailRef: course.thumbnailRef,
    thumbnailUrl: urls.publicUrl(course.thumbnailRef),
    trailerRef: course.trailerRef,
    trailerUrl: urls.publicUrl(course.trailerRef),
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
  };
}
