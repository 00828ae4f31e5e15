import { Service } from 'typedi';
import { CourseModel, DigitalBookModel, Op, ProductAccessModel, ProductModel } from '@platform/db';
import type { CustomerActor, Page } from '../../shared';
import { toPage } from '../../shared';
import { ProductAccessPolicy } from '../product-access.policy';
import type { LibraryQueryDto, LibrarySort } from './dto/library-query.dto';
import { LibraryItemView, toLibraryItem } from './library.views';

/**
 * "My library": the products the caller can use now. Which grants count is decided by
 * ProductAccessPolicy alone; this service only groups them (one entry per product, showing the
 * grant that lasts longest) and pages the result. A user's library is small, so grouping,
 * sorting and paging happen in memory over three IN queries.
 */
@Service()
export class LibraryService {
  constructor(private readonly access: ProductAccessPolicy) {}

  async list(actor: CustomerActor, query: LibraryQueryDto): Promise<Page<LibraryItemView>> {
    const grants = bestGrantPerProduct(await this.access.activeGrants(actor.id));
    const productIds = [...grants.keys()];
    if (productIds.length === 0) return toPage([], 0, query);

    const byProduct = { productId: { [Op.in]: productIds } };
    const [products, courses, books] = await Promise.all([
      ProductModel.findAll({ where: { id: { [Op.in]: productIds } } }),
      CourseModel.findAll({ attributes: ['id', 'productId'], where: byProduct }),
      DigitalBookModel.findAll({ attributes: ['id', 'productId'], where: byProduct }),
    ]);
    const courseIds = new Map(courses.map((course) => [course.productId, course.id]));
    const bookIds = new Map(books.map((book) => [book.productId, book.id]));

    const needle = query.search?.toLowerCase();
    const items = products
      .filter((product) => !needle || product.title.toLowerCase().includes(needle))
      .map((product) =>
        toLibraryItem(grants.get(product.id) as ProductAccessModel, product, {
          courseId: courseIds.get(product.id),
          digitalBookId: bookIds.get(product.id),
        }),
      )
      .sort(compareBy(query.sort as LibrarySort, query.order));

    const rows = query.pagination === false ? items : items.slice((query.page - 1) * query.size, query.page * query.size);
    return toPage(rows, items.length, query);
  }
}

/** Per product, the grant that lasts longest: lifetime wins, else the latest `validUntil`. */
export function bestGrantPerProduct(grants: ProductAccessModel[]): Map<number, ProductAccessModel> {
  const best = new Map<number, ProductAccessModel>();
  for (const grant of grants) {
    const current = best.get(grant.productId);
    if (!current || lastsLonger(grant, current)) best.set(grant.productId, grant);
  }
  return best;
}

const endOf = (grant: ProductAccessModel) => (grant.validUntil ? grant.validUntil.getTime() : Number.POSITIVE_INFINITY);

function lastsLonger(candidate: ProductAccessModel, current: ProductAccessModel): boolean {
  const [a, b] = [endOf(candidate), endOf(current)];
  return a !== b ? a > b : candidate.createdAt.getTime() > current.createdAt.getTime();
}

const SORT_KEYS: Record<LibrarySort, (item: LibraryItemView) => number | string> = {
  grantedAt: (item) => item.grantedAt.getTime(),
  title: (item) => item.title.toLowerCase(),
  // Lifetime access has no end: it sorts as the longest.
  validUntil: (item) => (item.validUntil ? item.validUntil.getTime() : Number.POSITIVE_INFINITY),
};

function compareBy(sort: LibrarySort, order: 'asc' | 'desc') {
  const key = SORT_KEYS[sort];
  const sign = order === 'asc' ? 1 : -1;
  return (a: LibraryItemView, b: LibraryItemView) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return (a.productId - b.productId) * sign;
  };
}
