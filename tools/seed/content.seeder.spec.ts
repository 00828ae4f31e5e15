import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ContentItemModel, ContentSeriesModel, ContentTierRuleModel } from '@platform/db';
import { testContainer } from '@platform/testing';
import { seedContent } from './content.seeder';

describe('content demo seeder', () => {
  let container: ContainerInstance;

  before(async () => {
    container = await testContainer('content-seeder-spec');
  });

  it('creates a series with a free, a basic and a premium published item, and a second run creates nothing and reports the same manifest', async () => {
    const first = await seedContent(container);
    const counts = async () => [await ContentSeriesModel.count(), await ContentItemModel.count(), await ContentTierRuleModel.count()];
    const before = await counts();
    const second = await seedContent(container);
    expect(second).to.deep.equal(first);
    expect(await counts()).to.deep.equal(before);

    expect(first.contentSeries).to.have.length(1);
    const [series] = first.contentSeries;
    expect(series?.slug).to.equal('nepse-weekly');
    expect(first.contentItems.map(({ tier, published, seriesId }) => ({ tier, published, seriesId }))).to.deep.equal([
      { tier: null, published: true, seriesId: series?.id },
      { tier: 'basic', published: true, seriesId: series?.id },
      { tier: 'premium', published: true, seriesId: series?.id },
    ]);
  });
});
