import type { DigitalBookModel, ProductModel } from '@platform/db';
import type { StorageUrls } from '@platform/storage';

/** A digital book as the admin panel sees it: the book's details and its product's catalog fields. */
export interface DigitalBookView {
  id: number;
  productId: number;
  title: string;
  slug: string;
  description: string | null;
  author: string | null;
  pageCount: number | null;
  coverRef: string | null;
  /** Resolved on every read, so a change of storage host never leaves stale URLs behind. */
  coverUrl: string | null;
  /** Private storage key of the book file (admin only; customers get it through access). */
  fileKey: string | null;
  mrpPaisa: number;
  spPaisa: number;
  isPublished: boolean;
  isSellable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type DigitalBookWithProduct = DigitalBookModel & { product: ProductModel };

export function toDigitalBookView(book: DigitalBookWithProduct, urls: StorageUrls): DigitalBookView {
  const { product } = book;
  return {
    id: book.id,
    productId: product.id,
    title: product.title,
    slug: product.slug,
    description: book.description,
    author: book.author,
    pageCount: book.pageCount,
    coverRef: book.coverRef,
    coverUrl: urls.publicUrl(book.coverRef),
    fileKey: book.fileKey,
    mrpPaisa: product.mrpPaisa,
    spPaisa: product.spPaisa,
    isPublished: product.isPublished,
    isSellable: product.isSellable,
    createdAt: book.createdAt,
    /** Touched by every change to the book or its product (the admin list sorts on it). */
    updatedAt: book.updatedAt,
  };
}
