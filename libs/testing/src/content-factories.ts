import { randomBytes } from 'node:crypto';
import {
  ContentCategoryModel,
  ContentItemModel,
  ContentItemStatus,
  ContentItemTagModel,
  ContentSeriesModel,
  ContentSeriesStatus,
  ContentTagModel,
  ContentTierRuleModel,
} from '@platform/db';

type Tier = 'basic' | 'premium';
const suffix = () => randomBytes(4).toString('hex');

export interface ContentSeriesOptions {
  title?: string;
  slug?: string;
  description?: string | null;
  status?: ContentSeriesStatus;
  /** A series-level tier rule. */
  tier?: Tier | null;
}

/** A series written straight to the database (independent of the use cases under test): active, free, a unique slug. */
export async function createContentSeries(options: ContentSeriesOptions = {}): Promise<ContentSeriesModel> {
  const tag = suffix();
  const series = await ContentSeriesModel.create({
    title: options.title ?? `Market weekly ${tag}`,
    slug: options.slug ?? `market-weekly-${tag}`,
    description: options.description ?? null,
    status: options.status ?? 'active',
    createdByAdminId: 'test-admin',
  });
  if (options.tier) await ContentTierRuleModel.create({ seriesId: series.id, tier: options.tier, setByAdminId: 'test-admin' });
  return series;
}

export interface ContentItemOptions {
  title?: string;
  slug?: string;
  summary?: string | null;
  body?: string;
  /** `published` by default, published an hour ago; each status gets the times its CHECKs require. */
  status?: ContentItemStatus;
  publishedAt?: Date;
  scheduledAt?: Date | null;
  /** An item-level tier rule (it wins over the series'). */
  tier?: Tier | null;
  categoryId?: number | null;
  tagIds?: number[];
}

/** An item of `series` written straight to the database: published an hour ago, free, a unique slug. */
export async function createContentItem(series: { id: number }, options: ContentItemOptions = {}): Promise<ContentItemModel> {
  const tag = suffix();
  const status = options.status ?? 'published';
  const now = Date.now();
  const item = await ContentItemModel.create({
    seriesId: series.id,
    title: options.title ?? `NEPSE this week ${tag}`,
    slug: options.slug ?? `nepse-this-week-${tag}`,
    summary: options.summary === undefined ? 'Banks led the turnover.' : options.summary,
    body: options.body ?? 'The full analysis: banks led the turnover, hydropower lagged.',
    status,
    publishedAt: status === 'published' ? (options.publishedAt ?? new Date(now - 3_600_000)) : null,
    scheduledAt: options.scheduledAt ?? (status === 'scheduled' ? new Date(now + 3_600_000) : null),
    archivedAt: status === 'archived' ? new Date(now) : null,
    categoryId: options.categoryId ?? null,
    createdByAdminId: 'test-admin',
  });
  if (options.tier) await ContentTierRuleModel.create({ itemId: item.id, tier: options.tier, setByAdminId: 'test-admin' });
  for (const tagId of options.tagIds ?? []) await ContentItemTagModel.create({ itemId: item.id, tagId });
  return item;
}

export async function createContentCategory(name = `Markets ${suffix()}`): Promise<ContentCategoryModel> {
  return ContentCategoryModel.create({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') });
}

export async function createContentTag(name = `Banks ${suffix()}`): Promise<ContentTagModel> {
  return ContentTagModel.create({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') });
}
