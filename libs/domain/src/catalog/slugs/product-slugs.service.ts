import { Service } from 'typedi';
import { Op, ProductModel, ProductSlugHistoryModel, Transaction } from '@platform/db';
import { SlugTaken } from '../catalog.errors';
import { slugify } from './slugify';

/**
 * Product slugs: unique among current and former slugs, so an old link never starts pointing at
 * another product. Renaming keeps the old slug resolving (`resolve`).
 */
@Service()
export class ProductSlugs {
  /** The requested slug, or one made from the title with a numeric suffix until it is free. */
  async choose(requested: string | undefined, title: string, tx: Transaction, ownerProductId?: number): Promise<string> {
    if (requested) {
      if (!(await this.isFree(requested, tx, ownerProductId))) throw SlugTaken(requested);
      return requested;
    }
    const base = slugify(title, 'product');
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (await this.isFree(candidate, tx, ownerProductId)) return candidate;
    }
  }

  /** Moves the product to `newSlug`, keeping its current slug as a redirect. */
  async rename(product: ProductModel, newSlug: string, tx: Transaction): Promise<void> {
    if (newSlug === product.slug) return;
    if (!(await this.isFree(newSlug, tx, product.id))) throw SlugTaken(newSlug);
    await ProductSlugHistoryModel.destroy({ where: { slug: newSlug, productId: product.id }, transaction: tx });
    await ProductSlugHistoryModel.create({ slug: product.slug, productId: product.id }, { transaction: tx });
    product.slug = newSlug;
  }

  /** The product a slug names now or named before, or undefined. */
  async resolve(slug: string, where: { type?: ProductModel['type'] } = {}): Promise<ProductModel | undefined> {
    const current = await ProductModel.findOne({ where: { slug, ...where } });
    if (current) return current;
    const former = await ProductSlugHistoryModel.findByPk(slug);
    if (!former) return undefined;
    return (await ProductModel.findOne({ where: { id: former.productId, ...where } })) ?? undefined;
  }

  /** Free for `ownerProductId`: no other product uses it now or used it before. */
  private async isFree(slug: string, tx: Transaction, ownerProductId?: number): Promise<boolean> {
    const otherProduct = ownerProductId === undefined ? {} : { [Op.ne]: ownerProductId };
    const [current, former] = await Promise.all([
      ProductModel.count({ where: { slug, ...(ownerProductId === undefined ? {} : { id: otherProduct }) }, transaction: tx }),
      ProductSlugHistoryModel.count({
        where: { slug, ...(ownerProductId === undefined ? {} : { productId: otherProduct }) },
        transaction: tx,
      }),
    ]);
    return current === 0 && former === 0;
  }
}
