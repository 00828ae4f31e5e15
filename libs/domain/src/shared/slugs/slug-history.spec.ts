import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Database, ProductModel, ProductSlugHistoryModel } from '@platform/db';
import { createDigitalBook, testContainer } from '@platform/testing';
import { SlugHistory } from './slug-history';

/** The helper on the product tables (the first user); trainings and newsletter series declare their own. */
describe(SlugHistory.name, () => {
  let db: Database;
  const taken = (slug: string) => new Error(`taken: ${slug}`);
  const slugs = new SlugHistory<ProductModel>({
    owners: ProductModel,
    history: ProductSlugHistoryModel,
    ownerKey: 'productId',
    constraints: ['products_slug_key', 'product_slug_history_pkey'],
    fallbackPrefix: 'product',
    taken,
  });
  const failure = (work: Promise<unknown>) => work.then(() => expect.fail('expected a failure'), (error: Error) => error.message);
  const unique = () => `slug-spec-${randomBytes(4).toString('hex')}`;

  before(async () => {
    db = (await testContainer('slug-history-spec')).get(Database);
  });

  it('makes a slug from the title, with a numeric suffix past current and former slugs', async () => {
    const base = unique();
    const { product } = await createDigitalBook({ slug: base });
    await db.transaction((tx) => slugs.rename(product, `${base}-2`, tx).then(() => product.save({ transaction: tx })));
    // `base` is now a former slug and `base-2` the current one: both stay reserved.
    expect(await db.transaction((tx) => slugs.choose(undefined, base, tx))).to.equal(`${base}-3`);
    expect(await db.transaction((tx) => slugs.choose(undefined, base, tx, product.id))).to.equal(base);
  });

  it('refuses a requested slug another row uses now or used before', async () => {
    const { product } = await createDigitalBook({ slug: unique() });
    expect(await failure(db.transaction((tx) => slugs.choose(product.slug, 'Any title', tx)))).to.equal(`taken: ${product.slug}`);
  });

  it('keeps a renamed row resolving by its old slug, narrowed by the caller', async () => {
    const old = unique();
    const { product } = await createDigitalBook({ slug: old });
    await db.transaction(async (tx) => {
      await slugs.rename(product, unique(), tx);
      await product.save({ transaction: tx });
    });
    expect((await slugs.resolve(old))?.id).to.equal(product.id);
    expect(await slugs.resolve(old, { type: 'course' })).to.equal(undefined);
    expect(await slugs.resolve(unique())).to.equal(undefined);
  });

  it('answers a lost race for a slug like a taken slug', async () => {
    const { product } = await createDigitalBook({ slug: unique() });
    // What the loser of two concurrent writers meets: the unique constraint of a slug column.
    const lost = () => ProductModel.create({ ...product.get(), id: undefined });
    expect(await failure(slugs.raceAsConflict(product.slug, lost))).to.equal(`taken: ${product.slug}`);
    expect(await failure(slugs.raceAsConflict(product.slug, () => Promise.reject(new Error('other'))))).to.equal('other');
  });
});
