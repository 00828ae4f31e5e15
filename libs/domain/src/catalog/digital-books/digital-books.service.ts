import { Service } from 'typedi';
import { DigitalBookModel, Op, ProductModel, Transaction, WhereOptions } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { containsPattern, isRowId, Page, pageWindow, toPage } from '../../shared';
import { DigitalBookNotFound } from '../catalog.errors';
import type { ProductListSort } from '../products/dto/product-list-query.dto';
import type { DigitalBookQueryDto } from './dto/digital-book-query.dto';
import { DigitalBookView, DigitalBookWithProduct, toDigitalBookView } from './digital-book.views';

type Direction = 'ASC' | 'DESC';
/** Sort keys → order items; product columns are reached through the `product` include. */
const ORDER_BY: Record<ProductListSort, (direction: Direction) => [string, string] | [string, string, string]> = {
  createdAt: (direction) => ['createdAt', direction],
  updatedAt: (direction) => ['updatedAt', direction],
  title: (direction) => ['product', 'title', direction],
  spPaisa: (direction) => ['product', 'spPaisa', direction],
};


/** Reads of digital books for the admin panel. */
@Service()
export class DigitalBooksService {
  constructor(private readonly urls: StorageUrls) {}

  async list(query: DigitalBookQueryDto): Promise<Page<DigitalBookView>> {
    const where: WhereOptions = {};
    if (query.published !== undefined) where['$product.is_published$'] = query.published;
    if (query.search) where['$product.title$'] = { [Op.iLike]: containsPattern(query.search) };
    const direction: Direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { rows, count } = await DigitalBookModel.findAndCountAll({
      where,
      include: [{ model: ProductModel, as: 'product', required: true }],
      order: [ORDER_BY[query.sort as ProductListSort](direction), ['id', direction]],
      ...pageWindow(query),
    });
    return toPage(
      rows.map((book) => toDigitalBookView(book as DigitalBookWithProduct, this.urls)),
      count,
      query,
    );
  }

  async get(id: number): Promise<DigitalBookView> {
    return toDigitalBookView(await this.load(id), this.urls);
  }

  /** The book with its product, or DigitalBookNotFound; `lock` takes the rows for update. */
  async load(id: number, tx?: Transaction, lock = false): Promise<DigitalBookWithProduct> {
    if (!isRowId(id)) throw DigitalBookNotFound();
    const book = await DigitalBookModel.findByPk(id, {
      include: [{ model: ProductModel, as: 'product', required: true }],
      transaction: tx,
      lock: lock && tx ? tx.LOCK.UPDATE : undefined,
    });
    if (!book) throw DigitalBookNotFound();
    return book as DigitalBookWithProduct;
  }
}
