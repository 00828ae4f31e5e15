import { Service } from 'typedi';
import { isForeignKeyViolation, ProductAccessModel, ProductModel, ProductType, Transaction } from '@platform/db';
import { PriceInvalid, ProductHasAccess } from '../catalog.errors';
import { ProductSlugs } from '../slugs/product-slugs.service';
import type { CreateProductFieldsDto, UpdateProductFieldsDto } from './dto/product-fields.dto';

/**
 * Writes the product row behind a course, digital book or training: prices (sp ≤ mrp), slug
 * (unique, old ones kept), publication. Callers own the transaction and the detail row.
 */
@Service()
export class ProductWriter {
  constructor(private readonly slugs: ProductSlugs) {}

  async create(type: ProductType, fields: CreateProductFieldsDto, tx: Transaction): Promise<ProductModel> {
    if (fields.spPaisa > fields.mrpPaisa) throw PriceInvalid();
    return ProductModel.create(
      {
        type,
        title: fields.title,
        slug: await this.slugs.choose(fields.slug, fields.title, tx),
        mrpPaisa: fields.mrpPaisa,
        spPaisa: fields.spPaisa,
        isPublished: false,
        isSellable: fields.isSellable ?? true,
      },
      { transaction: tx },
    );
  }

  async update(product: ProductModel, fields: UpdateProductFieldsDto, tx: Transaction): Promise<ProductModel> {
    const mrpPaisa = fields.mrpPaisa ?? product.mrpPaisa;
    const spPaisa = fields.spPaisa ?? product.spPaisa;
    if (spPaisa > mrpPaisa) throw PriceInvalid();
    if (fields.slug !== undefined) await this.slugs.rename(product, fields.slug, tx);
    if (fields.title !== undefined) product.title = fields.title;
    if (fields.isSellable !== undefined) product.isSellable = fields.isSellable;
    product.mrpPaisa = mrpPaisa;
    product.spPaisa = spPaisa;
    return product.save({ transaction: tx });
  }

  setPublished(product: ProductModel, isPublished: boolean, tx?: Transaction): Promise<ProductModel> {
    product.isPublished = isPublished;
    return product.save({ transaction: tx });
  }

  /** Deletes the product and, by cascade, its detail row; refused once anyone was granted it. */
  async delete(product: ProductModel, tx: Transaction): Promise<void> {
    const granted = await ProductAccessModel.count({ where: { productId: product.id }, transaction: tx });
    if (granted > 0) throw ProductHasAccess();
    try {
      await product.destroy({ transaction: tx });
    } catch (error) {
      // Still referenced elsewhere (a used promotion code, an order line): keep it, unpublish instead.
      if (isForeignKeyViolation(error)) throw ProductHasAccess();
      throw error;
    }
  }
}
