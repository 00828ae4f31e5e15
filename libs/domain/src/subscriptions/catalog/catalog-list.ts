import { Op, WhereOptions } from '@platform/db';
import { containsPattern, Page, pageWindow, QueryDto, toPage } from '../../shared';

interface ListableModel<M> {
  findAndCountAll(options: object): Promise<{ rows: M[]; count: number }>;
}

/** One page of `model` rows matching `where`, ordered by the query's sort (then id, for a stable order). */
export async function listPage<M, V>(
  model: ListableModel<M>,
  where: WhereOptions,
  query: QueryDto,
  toView: (row: M) => V,
): Promise<Page<V>> {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const { rows, count } = await model.findAndCountAll({
    where,
    order: [
      [query.sort ?? 'updatedAt', direction],
      ['id', direction],
    ],
    ...pageWindow(query),
  });
  return toPage(rows.map(toView), count, query);
}

/** `search` over some text columns, any case, wildcards taken literally. */
export function searchWhere(search: string | undefined, columns: string[]): WhereOptions {
  if (!search) return {};
  const pattern = containsPattern(search);
  return { [Op.or]: columns.map((column) => ({ [column]: { [Op.iLike]: pattern } })) };
}
