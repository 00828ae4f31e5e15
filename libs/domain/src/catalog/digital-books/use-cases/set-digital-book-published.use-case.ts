import { Service } from 'typedi';
import { Database } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { ProductWriter } from '../../products/product-writer.service';
import { DigitalBooksService } from '../digital-books.service';
import { DigitalBookView, toDigitalBookView } from '../digital-book.views';

/** Publishes or unpublishes a digital book (its product); repeating either is harmless. */
@Service()
export class SetDigitalBookPublishedUseCase {
  constructor(
    private readonly db: Database,
    private readonly books: DigitalBooksService,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(id: number, isPublished: boolean): Promise<DigitalBookView> {
    const book = await this.db.transaction(async (tx) => {
      const found = await this.books.load(id, tx, true);
      if (found.product.isPublished !== isPublished) {
        await this.products.setPublished(found.product, isPublished, tx);
        found.changed('updatedAt', true);
        await found.save({ transaction: tx });
      }
      return found;
    });
    return toDigitalBookView(book, this.urls);
  }
}
