import { expect } from 'chai';
import { ContentFeaturedModel, ContentItemModel, ContentSeriesModel } from '@platform/db';
import {
  AdminActor,
  ArchiveContentItemUseCase,
  Clock,
  CreateContentItemDto,
  CreateContentItemUseCase,
  CreateContentSeriesDto,
  CreateContentSeriesUseCase,
  CreateFeaturedEntryDto,
  CreateFeaturedEntryUseCase,
  DeleteContentItemUseCase,
  DeleteContentLabelUseCase,
  DeleteContentSeriesUseCase,
  DeleteFeaturedEntryUseCase,
  fixedClock,
  PublishContentItemUseCase,
  PublishDueContentItemsUseCase,
  ReorderFeaturedEntriesUseCase,
  SetContentItemTierUseCase,
  SetContentSeriesTierUseCase,
  UnpublishContentItemUseCase,
  UpdateContentItemDto,
  UpdateContentItemUseCase,
  UpdateContentSeriesDto,
  UpdateContentSeriesUseCase,
  UpdateFeaturedEntryDto,
  UpdateFeaturedEntryUseCase,
} from '@platform/domain';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import {
  buildTestApp,
  closeTestInfrastructure,
  createContentCategory,
  createContentItem,
  createContentSeries,
  createContentTag,
  isolatedInfrastructure,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { uniqueWord } from './content-readers.test-helper';

const MINUTE = 60_000;
const ADMIN: AdminActor = { kind: 'admin', id: 'test-admin', permissions: ['*'] };

/**
 * Issue 24 "Limits and caching": the public newsletter reads (series list and detail, item list and
 * preview, the featured lists) are cached for everyone, and every content write makes them stale
 * when it commits (ContentPublicViews): the next public read shows the write. The writes here are
 * the admin use cases the admin routes call (admin-api's own suites cover the routes), run in this
 * app's container. A row changed straight in the database, past the use cases, is not seen until
 * the next write: that is how these tests know the answers come from the cache. Redis down: every
 * read comes from the database.
 */
describe('Newsletter public read cache (customer-api)', () => {
  let readers: TestApp;
  // The app Clock (the featured windows, "future" for a schedule, the publish_due job's now).
  const clock = { now: new Date() };

  before(async () => {
    readers = await buildTestApp(createCustomerApi);
    readers.app.container.set(Clock, fixedClock(clock));
  });

  beforeEach(() => {
    clock.now = new Date();
  });

  const use = <T>(useCase: new (...args: never[]) => T): T => readers.app.container.get(useCase);
  const read = async (path: string, query: Record<string, unknown> = {}) => (await readers.http.get(path).query(query).expect(200)).body;
  const status = async (path: string) => (await readers.http.get(path)).status;
  const itemTitles = async (seriesSlug: string) => (await read('/api/content/items', { series: seriesSlug })).data.map((item: { title: string }) => item.title);

  const createSeries = (input: Partial<CreateContentSeriesDto> = {}) =>
    use(CreateContentSeriesUseCase).execute(ADMIN, { title: `Cache ${uniqueWord()}`, ...input } as CreateContentSeriesDto);
  const updateSeries = (id: number, input: Partial<UpdateContentSeriesDto>) => use(UpdateContentSeriesUseCase).execute(id, input as UpdateContentSeriesDto);
  const createItem = (seriesId: number, input: Partial<CreateContentItemDto> = {}) =>
    use(CreateContentItemUseCase).execute(ADMIN, { seriesId, title: `Item ${uniqueWord()}`, body: 'Banks led.', ...input } as CreateContentItemDto);
  const updateItem = (id: number, input: Partial<UpdateContentItemDto>) => use(UpdateContentItemUseCase).execute(ADMIN, id, input as UpdateContentItemDto);
  const publish = (id: number) => use(PublishContentItemUseCase).execute(ADMIN, id);
  const feature = (input: Partial<CreateFeaturedEntryDto> & { content_item_id: number }) =>
    use(CreateFeaturedEntryUseCase).execute(ADMIN, input as CreateFeaturedEntryDto);
  /** A content write no public view shows (an archived series): it still makes every view stale (one version for all). */
  const unrelatedWrite = () => createSeries({ status: 'archived' });

  /** An active series with one published item. */
  const publishedItem = async () => {
    const series = await createSeries();
    const item = await publish((await createItem(series.id)).id);
    return { series, item };
  };

  it('serves each public read from the cache: a row changed past the use cases is not seen until a content write', async () => {
    const { series, item } = await publishedItem();
    await feature({ content_item_id: item.id });
    const paths = [
      `/api/content/series/${series.slug}`,
      `/api/mobile/content/items/${item.slug}`,
      `/api/content/items?series=${series.slug}`,
      `/api/content/series?search=${encodeURIComponent(series.title)}`,
      '/api/content/items/featured',
      '/api/mobile/content/items/featured/all?pagination=false',
    ];
    const before = await Promise.all(paths.map((path) => read(path)));
    await ContentItemModel.update({ title: 'Changed in the database' }, { where: { id: item.id } });
    await ContentSeriesModel.update({ description: 'Changed in the database' }, { where: { id: series.id } });
    expect(await Promise.all(paths.map((path) => read(path)))).to.deep.equal(before);

    await unrelatedWrite();
    const [seriesView, preview, list, seriesList, featured, featuredAll] = await Promise.all(paths.map((path) => read(path)));
    expect(seriesView.data.description).to.equal('Changed in the database');
    expect(seriesView.data.items[0].title).to.equal('Changed in the database');
    expect(preview.data.title).to.equal('Changed in the database');
    expect(list.data[0].title).to.equal('Changed in the database');
    expect(seriesList.data.map((s: { description: string }) => s.description)).to.deep.equal(['Changed in the database']);
    for (const entries of [featured.data, featuredAll.data]) {
      expect(entries.find((e: { contentItemId: number }) => e.contentItemId === item.id)?.item.title).to.equal('Changed in the database');
    }
  });

  it('shows series writes on the next read: create, update, archive, tier and delete', async () => {
    const word = uniqueWord();
    const listed = async () => (await read('/api/content/series', { search: word })).data.map((series: { title: string }) => series.title);
    expect(await listed()).to.deep.equal([]);
    const series = await createSeries({ title: `Weekly ${word}` });
    expect(await listed()).to.deep.equal([`Weekly ${word}`]);

    await read(`/api/content/series/${series.slug}`);
    await updateSeries(series.id, { title: `Monthly ${word}`, slug: `monthly-${word}` });
    expect(await listed()).to.deep.equal([`Monthly ${word}`]);
    // The old slug resolves to the renamed series.
    expect((await read(`/api/content/series/${series.slug}`)).data).to.include({ title: `Monthly ${word}`, slug: `monthly-${word}` });

    await use(SetContentSeriesTierUseCase).execute(ADMIN, series.id, { tier: 'premium' });
    expect((await read(`/api/content/series/monthly-${word}`)).data.tier).to.equal('premium');

    await updateSeries(series.id, { status: 'archived' });
    expect(await listed()).to.deep.equal([]);
    expect(await status(`/api/content/series/monthly-${word}`)).to.equal(404);
    await updateSeries(series.id, { status: 'active' });
    expect(await status(`/api/content/series/monthly-${word}`)).to.equal(200);

    await use(DeleteContentSeriesUseCase).execute(series.id);
    expect(await listed()).to.deep.equal([]);
    expect(await status(`/api/mobile/content/series/monthly-${word}`)).to.equal(404);
  });

  it('shows item writes on the next read: create and publish, update, tier, unpublish, archive and delete', async () => {
    const series = await createSeries();
    expect(await itemTitles(series.slug)).to.deep.equal([]);
    const item = await createItem(series.id, { title: 'Draft' });
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(404);

    await publish(item.id);
    expect(await itemTitles(series.slug)).to.deep.equal(['Draft']);
    expect((await read(`/api/content/items/${item.slug}`)).data.body).to.equal('Banks led.');

    await updateItem(item.id, { title: 'Edited', summary: 'Now with a summary' });
    expect(await itemTitles(series.slug)).to.deep.equal(['Edited']);
    expect((await read(`/api/mobile/content/items/${item.slug}`)).data).to.include({ title: 'Edited', summary: 'Now with a summary' });
    expect((await read(`/api/content/series/${series.slug}`)).data.items.map((i: { title: string }) => i.title)).to.deep.equal(['Edited']);

    await use(SetContentItemTierUseCase).execute(ADMIN, item.id, { tier: 'basic' });
    expect((await read(`/api/content/items/${item.slug}`)).data).to.include({ tier: 'basic', body: null });

    await use(UnpublishContentItemUseCase).execute(ADMIN, item.id);
    expect(await itemTitles(series.slug)).to.deep.equal([]);
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(404);

    await publish(item.id);
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(200);
    await use(ArchiveContentItemUseCase).execute(ADMIN, item.id);
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(404);
    expect(await itemTitles(series.slug)).to.deep.equal([]);

    const other = await publishedItem();
    expect(await status(`/api/content/items/${other.item.slug}`)).to.equal(200);
    await use(DeleteContentItemUseCase).execute(other.item.id);
    expect(await status(`/api/content/items/${other.item.slug}`)).to.equal(404);
    expect(await itemTitles(other.series.slug)).to.deep.equal([]);
  });

  it('shows category and tag deletions on the next read', async () => {
    const [category, tag] = [await createContentCategory(), await createContentTag()];
    const item = await createContentItem(await createContentSeries(), { categoryId: category.id, tagIds: [tag.id] });
    // The fixtures were written past the use cases: a write makes them visible.
    await unrelatedWrite();
    const preview = async () => (await read(`/api/content/items/${item.slug}`)).data;
    expect((await preview()).category).to.include({ id: category.id });
    expect((await preview()).tags.map((t: { id: number }) => t.id)).to.deep.equal([tag.id]);
    expect((await read('/api/content/items', { tagId: tag.id })).count).to.equal(1);
    await use(DeleteContentLabelUseCase).execute('category', category.id);
    expect((await preview()).category).to.equal(null);
    await use(DeleteContentLabelUseCase).execute('tag', tag.id);
    expect((await preview()).tags).to.deep.equal([]);
    expect((await read('/api/content/items', { tagId: tag.id })).count).to.equal(0);
  });

  it('shows featured writes on the next read: create, update, reorder and delete', async () => {
    const { item } = await publishedItem();
    const { item: second } = await publishedItem();
    const activeIds = async () => (await read('/api/content/items/featured')).data.map((entry: { id: number }) => entry.id);
    const allIds = async () => (await read('/api/mobile/content/items/featured/all', { pagination: false })).data.map((entry: { id: number }) => entry.id);
    await activeIds();
    await allIds();

    const entry = await feature({ content_item_id: item.id });
    const next = await feature({ content_item_id: second.id });
    expect(await activeIds()).to.include.members([entry.id, next.id]);
    expect(await allIds()).to.include.members([entry.id, next.id]);

    const ids = (await ContentFeaturedModel.findAll({ attributes: ['id'] })).map((e) => e.id);
    await use(ReorderFeaturedEntriesUseCase).execute([next.id, ...ids.filter((id) => id !== next.id && id !== entry.id), entry.id]);
    const mine = (list: number[]) => list.filter((id) => id === entry.id || id === next.id);
    expect(mine(await activeIds())).to.deep.equal([next.id, entry.id]);
    expect(mine(await allIds())).to.deep.equal([next.id, entry.id]);

    const yesterday = new Date(clock.now.getTime() - 24 * 60 * MINUTE).toISOString();
    await use(UpdateFeaturedEntryUseCase).execute(entry.id, { start_date: yesterday, end_date: yesterday } as UpdateFeaturedEntryDto);
    expect(await activeIds()).to.not.include(entry.id);
    expect(await allIds()).to.include(entry.id);

    await use(DeleteFeaturedEntryUseCase).execute(next.id);
    expect(await activeIds()).to.not.include(next.id);
    expect(await allIds()).to.not.include(next.id);
  });

  it('opens and closes a featured window by the app Clock with no write in between (a cached list knows its span)', async () => {
    const { item } = await publishedItem();
    const start = new Date(Date.now() + 10 * MINUTE);
    const end = new Date(start.getTime() + 10 * MINUTE);
    const entry = await feature({ content_item_id: item.id, start_date: start.toISOString(), end_date: end.toISOString() });
    const shownAt = async (at: Date) => {
      clock.now = at;
      return (await read('/api/content/items/featured')).data.some((e: { id: number }) => e.id === entry.id);
    };
    expect(await shownAt(new Date(start.getTime() - 1))).to.equal(false);
    expect(await shownAt(new Date(start.getTime() - 1))).to.equal(false);
    expect(await shownAt(start)).to.equal(true);
    expect(await shownAt(end)).to.equal(true);
    expect(await shownAt(new Date(end.getTime() + 1))).to.equal(false);
    // Back in time (another instance's clock, a test's): a list read later is not served for an earlier instant.
    expect(await shownAt(new Date(start.getTime() + MINUTE))).to.equal(true);
    expect(await shownAt(new Date(start.getTime() - MINUTE))).to.equal(false);
  });

  it('shows an item the publish_due job published on the next read', async () => {
    const series = await createSeries();
    const scheduledAt = new Date(clock.now.getTime() + MINUTE);
    const item = await createItem(series.id, { title: 'Due soon', scheduledAt: scheduledAt.toISOString() });
    expect(item.status).to.equal('scheduled');
    expect(await itemTitles(series.slug)).to.deep.equal([]);
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(404);

    // The job's run, a second after the item is due by the app Clock (other files schedule an hour or more ahead).
    clock.now = new Date(scheduledAt.getTime() + 1_000);
    expect((await use(PublishDueContentItemsUseCase).execute()).publishedIds).to.include(item.id);
    expect(await itemTitles(series.slug)).to.deep.equal(['Due soon']);
    expect(await status(`/api/content/items/${item.slug}`)).to.equal(200);
  });

  describe('with Redis unreachable', () => {
    let infra: Infrastructure;
    let offline: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure(
        'content-read-cache-offline',
        {},
        { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'content-read-cache-offline' }, { retryStrategy: () => null }) },
      );
      offline = await buildTestApp(createCustomerApi, infra);
    });

    after(() => closeTestInfrastructure(infra));

    it('answers every public read from the database, current on each read', async function () {
      this.timeout(30_000);
      const series = await createContentSeries();
      const item = await createContentItem(series);
      const get = async (path: string, query: Record<string, unknown> = {}) => (await offline.http.get(path).query(query).expect(200)).body;
      expect((await get('/api/content/series', { search: series.title })).count).to.equal(1);
      expect((await get(`/api/content/series/${series.slug}`)).data.items).to.have.length(1);
      expect((await get('/api/content/items', { series: series.slug })).count).to.equal(1);
      expect((await get(`/api/mobile/content/items/${item.slug}`)).data.title).to.equal(item.title);
      await get('/api/content/items/featured');
      await get('/api/content/items/featured/all');
      await item.update({ title: 'Read fresh' });
      expect((await get(`/api/content/items/${item.slug}`)).data.title).to.equal('Read fresh');
      expect((await get('/api/content/items', { series: series.slug })).data[0].title).to.equal('Read fresh');
    });
  });
});
