import { Service } from 'typedi';
import { ProductModel, ProductSlugHistoryModel, Transaction } from '@platform/db';
import { SlugHistory } from '../../shared';
import { SlugTaken } from '../catalog.errors';

/** Product slugs with history: taken slugs (and a lost race for one) answer 409 SlugTaken. */
export const productSlugHistory = new SlugHistory<ProductModel>({
  owners: ProductModel,
  history: ProductSlugHistoryModel,
  ownerKey: 'productId',
  constraints: ['products_slug_key', 'product_slug_history_pkey'],
  fallbackPrefix: 'product',
  taken: SlugTaken,
});

/**
 * Product slugs: unique among current and former slugs, so an old link never starts pointing at
 * another product. Renaming keeps the old slug resolving (`resolve`).
 */
@Service()
export class ProductSlugs {
  /** The requested slug, or one made from the title with a numeric suffix until it is free. */
  choose(requested: string | undefined, title: string, tx: Transaction, ownerProductId?: number): Promise<string> {
    return productSlugHistory.choose(requested, title, tx, ownerProductId);
  }

  /** Moves the product to `newSlug`, keeping its current slug as a redirect. */
  rename(product: ProductModel, newSlug: string, tx: Transaction): Promise<void> {
    return productSlugHistory.rename(product, newSlug, tx);
  }

  /**
   * Runs a write that chooses or renames a slug: losing the race for `slug` to a concurrent writer
   * (a unique violation, caught outside the aborted transaction) answers 409 like any taken slug.
   */
  raceAsConflict<T>(slug: string, work: () => Promise<T>): Promise<T> {
    return productSlugHistory.raceAsConflict(slug, work);
  }

  /** The product a slug names now or named before, or undefined. */
  resolve(slug: string, where: { type?: ProductModel['type'] } = {}): Promise<ProductModel | undefined> {
    return productSlugHistory.resolve(slug, where);
  }
}
