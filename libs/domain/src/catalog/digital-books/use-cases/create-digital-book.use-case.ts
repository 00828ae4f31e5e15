import { Service } from 'typedi';
import { Database, DigitalBookModel } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { SlugTaken } from '../../catalog.errors';
import { productSlugHistory } from '../../slugs/product-slugs.service';
import { ProductWriter } from '../../products/product-writer.service';
import type { CreateDigitalBookDto } from '../dto/digital-book.dto';
import { DigitalBookView, DigitalBookWithProduct, toDigitalBookView } from '../digital-book.views';

/** Creates a digital book and its product (unpublished) in one transaction. */
@Service()
export class CreateDigitalBookUseCase {
  constructor(
    private readonly db: Database,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(input: CreateDigitalBookDto): Promise<DigitalBookView> {
    try {
      const book = await this.db.transaction(async (tx) => {
        const product = await this.products.create('digital_book', input, tx);
        const created = await DigitalBookModel.create(
          {
            productId: product.id,
            description: input.description ?? null,
            author: input.author ?? null,
            pageCount: input.pageCount ?? null,
            coverRef: input.coverRef ?? null,
            fileKey: input.fileKey ?? null,
          },
          { transaction: tx },
        );
        created.product = product;
        return created as DigitalBookWithProduct;
      });
      return toDigitalBookView(book, this.urls);
    } catch (error) {
      // Two creates choosing the same free slug at once: the second loses at the unique index.
      if (productSlugHistory.isRace(error)) throw SlugTaken(input.slug ?? input.title);
      throw error;
    }
  }
}
