import { Service } from 'typedi';
import { Database } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { ValidationFailed } from '../../../shared';
import { SlugTaken } from '../../catalog.errors';
import { ProductWriter } from '../../products/product-writer.service';
import { DigitalBooksService } from '../digital-books.service';
import { DIGITAL_BOOK_DETAIL_FIELDS, UpdateDigitalBookDto } from '../dto/digital-book.dto';
import { DigitalBookView, toDigitalBookView } from '../digital-book.views';
import { productSlugHistory } from '../../slugs/product-slugs.service';

/** Product fields live on the product row and cannot be cleared; the book's own fields can. */
const NOT_NULLABLE = ['title', 'slug', 'mrpPaisa', 'spPaisa', 'isSellable'] as const;

/** Updates a book's details and its product fields (prices checked after merging). */
@Service()
export class UpdateDigitalBookUseCase {
  constructor(
    private readonly db: Database,
    private readonly books: DigitalBooksService,
    private readonly products: ProductWriter,
    private readonly urls: StorageUrls,
  ) {}

  async execute(id: number, input: UpdateDigitalBookDto): Promise<DigitalBookView> {
    assertUsableUpdate(input);
    try {
      const book = await this.db.transaction(async (tx) => {
        const found = await this.books.load(id, tx, true);
        await this.products.update(found.product, input, tx);
        for (const field of DIGITAL_BOOK_DETAIL_FIELDS) {
          if (input[field] !== undefined) found.set(field, input[field] ?? null);
        }
        // The book's updatedAt is the one the admin list sorts on: touch it for product edits too.
        found.changed('updatedAt', true);
        await found.save({ transaction: tx });
        return found;
      });
      return toDigitalBookView(book, this.urls);
    } catch (error) {
      if (productSlugHistory.isRace(error)) throw SlugTaken(input.slug ?? '');
      throw error;
    }
  }
}

function assertUsableUpdate(input: UpdateDigitalBookDto): void {
  const present = Object.entries(input).filter(([, value]) => value !== undefined);
  if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one field');
  const nulls = NOT_NULLABLE.filter((field) => input[field] === null);
  if (nulls.length > 0) {
    throw ValidationFailed(
      `${nulls[0]} must not be null`,
      nulls.map((field) => ({ field, code: 'isNotNull', message: `${field} must not be null` })),
    );
  }
}
