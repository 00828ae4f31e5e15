import type { ContainerInstance } from 'typedi';
import {
  ContentCategoryModel,
  ContentItemModel,
  ContentItemTagModel,
  ContentSeriesModel,
  ContentTagModel,
  ContentTierRuleModel,
  Database,
  Transaction,
} from '@platform/db';
import { ContentTiersService, EnsureBootstrapAdminUseCase } from '@platform/domain';
import type { DemoManifest } from './demo-manifest';

type ContentManifest = Pick<DemoManifest, 'contentSeries' | 'contentItems'>;

const SERIES = {
  title: 'NEPSE Weekly',
  slug: 'nepse-weekly',
  description: 'What moved the Nepal Stock Exchange this week, and what to watch next.',
};
const CATEGORY = { name: 'Markets', slug: 'markets' };
const TAGS = [
  { name: 'Banks', slug: 'banks' },
  { name: 'Hydropower', slug: 'hydropower' },
];
const ITEMS: Array<{ slug: string; title: string; summary: string; body: string; tier: 'basic' | 'premium' | null; daysAgo: number }> = [
  {
    slug: 'nepse-weekly-market-wrap',
    title: 'Market wrap: banks lead a green week',
    summary: 'The index closed higher on bank turnover; hydropower lagged.',
    body: 'NEPSE gained through the week as commercial banks led the turnover. Hydropower names lagged on profit taking.',
    tier: null,
    daysAgo: 3,
  },
  {
    slug: 'nepse-weekly-banking-deep-dive',
    title: 'Banking sector deep dive',
    summary: 'Capital adequacy, deposit growth and what the quarterly reports say.',
    body: 'Quarterly reports show deposit growth ahead of credit growth; capital adequacy stays above the floor for every listed bank.',
    tier: 'basic',
    daysAgo: 2,
  },
  {
    slug: 'nepse-weekly-portfolio-picks',
    title: 'Portfolio picks for the coming month',
    summary: 'Three names with earnings momentum and a margin of safety.',
    body: 'Our picks this month weigh earnings momentum against valuation: one bank, one insurer and one hydropower developer.',
    tier: 'premium',
    daysAgo: 1,
  },
];

/**
 * CONTRACT section 7: a series with a free, a basic and a premium published item (the item-level
 * tier rules), filed under a category with tags, by the bootstrap admin. Found by slug: what exists
 * is reported as it is, never changed.
 */
export async function seedContent(container: ContainerInstance): Promise<ContentManifest> {
  const { id: adminId } = await container.get(EnsureBootstrapAdminUseCase).execute();
  const series =
    (await ContentSeriesModel.findOne({ where: { slug: SERIES.slug } })) ??
    (await container.get(Database).transaction((tx) => createSeries(adminId, tx)));
  const items = await ContentItemModel.findAll({ where: { seriesId: series.id }, order: [['id', 'ASC']] });
  const tiers = await container.get(ContentTiersService).ofItems(items.map((item) => item.id));
  return {
    contentSeries: [{ id: series.id, slug: series.slug }],
    contentItems: items.map((item) => ({ id: item.id, slug: item.slug, seriesId: item.seriesId, tier: tiers.get(item.id)?.tier ?? null, published: item.status === 'published' })),
  };
}

async function createSeries(adminId: string, tx: Transaction): Promise<ContentSeriesModel> {
  const series = await ContentSeriesModel.create({ ...SERIES, createdByAdminId: adminId }, { transaction: tx });
  const [category] = await ContentCategoryModel.findOrCreate({ where: { slug: CATEGORY.slug }, defaults: CATEGORY, transaction: tx });
  const tags = [];
  for (const tag of TAGS) tags.push((await ContentTagModel.findOrCreate({ where: { slug: tag.slug }, defaults: tag, transaction: tx }))[0]);
  for (const demo of ITEMS) {
    const item = await ContentItemModel.create(
      {
        seriesId: series.id,
        title: demo.title,
        slug: demo.slug,
        summary: demo.summary,
        body: demo.body,
        status: 'published',
        publishedAt: new Date(Date.now() - demo.daysAgo * 86_400_000),
        categoryId: category.id,
        createdByAdminId: adminId,
      },
      { transaction: tx },
    );
    for (const tag of tags) await ContentItemTagModel.create({ itemId: item.id, tagId: tag.id }, { transaction: tx });
    if (demo.tier) await ContentTierRuleModel.create({ itemId: item.id, tier: demo.tier, setByAdminId: adminId }, { transaction: tx });
  }
  return series;
}
