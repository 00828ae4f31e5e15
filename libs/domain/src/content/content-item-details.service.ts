import { Service } from 'typedi';
import { ContentCategoryModel, ContentItemModel, ContentItemTagModel, ContentSeriesModel, ContentTagModel, Transaction } from '@platform/db';
import { ContentTiersService, ItemTiers } from './access/content-tiers.service';
import { ContentLabelView, ItemDetails, toLabelView } from './content.views';

/**
 * The series, tiers and labels of a page of items, in five queries whatever the page's size (no
 * query per item). The tiers are ContentTiersService's (the item's rule wins).
 */
@Service()
export class ContentItemDetailsService {
  constructor(private readonly tiers: ContentTiersService) {}

  async of(items: readonly ContentItemModel[], tx?: Transaction): Promise<Map<number, ItemDetails>> {
    if (items.length === 0) return new Map();
    const itemIds = items.map((item) => item.id);
    const seriesIds = [...new Set(items.map((item) => item.seriesId))];
    const categoryIds = [...new Set(items.map((item) => item.categoryId).filter((id): id is number => id !== null))];
    const reads = [
      () => ContentSeriesModel.findAll({ where: { id: seriesIds }, attributes: ['id', 'title', 'slug'], transaction: tx }),
      () => this.tiers.ofItems(itemIds, tx),
      () => (categoryIds.length ? ContentCategoryModel.findAll({ where: { id: categoryIds }, transaction: tx }) : Promise.resolve([])),
      () => ContentItemTagModel.findAll({ where: { itemId: itemIds }, transaction: tx }),
    ] as const;
    // Side by side on pooled connections; one after another on a transaction's single connection.
    const [series, tiers, categories, itemTags] = (tx ? await inTurn(reads) : await Promise.all(reads.map((read) => read()))) as [
      ContentSeriesModel[],
      Map<number, ItemTiers>,
      ContentCategoryModel[],
      ContentItemTagModel[],
    ];
    const tagIds = [...new Set(itemTags.map((row) => row.tagId))];
    const tags = tagIds.length ? await ContentTagModel.findAll({ where: { id: tagIds }, transaction: tx }) : [];

    const seriesById = new Map(series.map((row) => [row.id, { id: row.id, title: row.title, slug: row.slug }]));
    const categoryById = new Map(categories.map((row) => [row.id, toLabelView(row)]));
    const tagById = new Map(tags.map((row) => [row.id, toLabelView(row)]));
    const tagsOfItem = new Map<number, ContentLabelView[]>();
    for (const row of itemTags) {
      const tag = tagById.get(row.tagId);
      if (tag) tagsOfItem.set(row.itemId, [...(tagsOfItem.get(row.itemId) ?? []), tag]);
    }

    return new Map(
      items.map((item) => {
        const details: ItemDetails = {
          series: seriesById.get(item.seriesId) ?? { id: item.seriesId, title: '', slug: '' },
          ...(tiers.get(item.id) ?? { tier: null, itemTier: null }),
          category: item.categoryId === null ? null : (categoryById.get(item.categoryId) ?? null),
          tags: (tagsOfItem.get(item.id) ?? []).sort((a, b) => a.id - b.id),
        };
        return [item.id, details];
      }),
    );
  }

  async ofOne(item: ContentItemModel, tx?: Transaction): Promise<ItemDetails> {
    const details = (await this.of([item], tx)).get(item.id);
    if (!details) throw new Error(`no details for content item ${item.id}`);
    return details;
  }
}

async function inTurn(reads: ReadonlyArray<() => Promise<unknown>>): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results;
}
