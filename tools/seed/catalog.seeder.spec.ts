import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { CourseModel, Database, DigitalBookModel, LessonModel, ProductModel, PromotionModel } from '@platform/db';
import { ProductSlugs } from '@platform/domain';
import { testContainer } from '@platform/testing';
import { seedCatalog } from './catalog.seeder';

describe('catalog demo seeder', () => {
  let container: ContainerInstance;

  before(async () => {
    container = await testContainer('catalog-seeder-spec');
  });

  const counts = async () => ({
    products: await ProductModel.count(),
    courses: await CourseModel.count(),
    lessons: await LessonModel.count(),
    books: await DigitalBookModel.count(),
    promotions: await PromotionModel.count(),
  });

  it('creates the CONTRACT section 7 catalog, and a second run creates nothing and reports the same ids', async () => {
    const first = await seedCatalog(container);
    const before = await counts();
    const second = await seedCatalog(container);
    expect(second).to.deep.equal(first);
    expect(await counts()).to.deep.equal(before);

    const published = first.courses.filter((course) => course.published);
    expect(published.map((course) => course.slug)).to.include.members(['nepse-basics', 'technical-analysis-101']);
    expect(first.courses.filter((course) => !course.published)).to.have.length(1);
    for (const course of published) {
      expect(course.lessons).to.have.length(2);
      expect(new Set(course.lessons.map((lesson) => lesson.topicId)).size).to.equal(1);
      for (const lesson of course.lessons) expect(lesson.durationSeconds).to.be.a('number').above(0);
      const product = await ProductModel.findByPk(course.productId);
      expect(product).to.include({ isPublished: true, isSellable: true, type: 'course' });
    }
    expect(first.digitalBooks).to.have.length(1);
    expect(await ProductModel.findByPk(first.digitalBooks[0].productId)).to.include({ isPublished: true, type: 'digital_book' });
    expect(first.promotions).to.deep.equal([{ code: 'WELCOME10', productId: null, percent: 10 }]);
  });

  it('keeps finding a demo course whose slug was changed since', async () => {
    const first = await seedCatalog(container);
    const demo = first.courses.find((course) => course.slug === 'nepse-basics');
    const lessonsBefore = await LessonModel.count();
    const product = (await ProductModel.findByPk(demo?.productId)) as ProductModel;
    const renameTo = (slug: string) =>
      container.get(Database).transaction(async (tx) => {
        await container.get(ProductSlugs).rename(product, slug, tx);
        await product.save({ transaction: tx });
      });
    await renameTo('nepse-basics-renamed');
    try {
      const again = await seedCatalog(container);
      expect(again.courses.find((course) => course.id === demo?.id)).to.include({ slug: 'nepse-basics-renamed' });
      expect(await LessonModel.count()).to.equal(lessonsBefore);
    } finally {
      // Leave the demo course as other specs expect it (the old slug stays in its history).
      await renameTo('nepse-basics');
    }
  });
});
