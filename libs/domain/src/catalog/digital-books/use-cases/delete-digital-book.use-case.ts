import { Service } from 'typedi';
import { Database } from '@platform/db';
import { ProductWriter } from '../../products/product-writer.service';
import { DigitalBooksService } from '../digital-books.service';

/**
 * Deletes a digital book with its product. Refused (409) once the book was granted, sold or
 * named by a promotion code: unpublish it instead (ProductWriter.delete decides).
 */
@Service()
export class DeleteDigitalBookUseCase {
  constructor(
    private readonly db: Database,
    private readonly books: DigitalBooksService,
    private readonly products: ProductWriter,
  ) {}

  async execute(id: number): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const book = await this.books.load(id, tx, true);
      await this.products.delete(book.product, tx);
      return { id: book.id };
    });
  }
}
