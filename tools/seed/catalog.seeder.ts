import type { ContainerInstance } from 'typedi';
import { CourseModel, CourseTopicModel, Database, DigitalBookModel, LessonModel, ProductModel, PromotionModel, Transaction } from '@platform/db';
import { ProductSlugs, ProductWriter } from '@platform/domain';
import type { DemoManifest } from './demo-manifest';

type CatalogManifest = Pick<DemoManifest, 'courses' | 'digitalBooks' | 'promotions'>;

interface DemoCourse {
  slug: string;
  title: string;
  description: string;
  mrpPaisa: number;
  spPaisa: number;
  published: boolean;
  topic: string;
  lessons: Array<{ title: string; durationSeconds: number; freePreview?: boolean }>;
}

/** CONTRACT section 7: two published sellable courses with a topic and two lessons each, one draft. */
const DEMO_COURSES: DemoCourse[] = [
  {
    slug: 'nepse-basics',
    title: 'NEPSE Basics',
    description: 'How the Nepal Stock Exchange works: brokers, TMS, orders, settlement and your first trade.',
    mrpPaisa: 300_000,
    spPaisa: 199_900,
    published: true,
    topic: 'Getting started with NEPSE',
    lessons: [
      { title: 'What is NEPSE?', durationSeconds: 540, freePreview: true },
      { title: 'Opening a DEMAT and TMS account', durationSeconds: 780 },
    ],
  },
  {
    slug: 'technical-analysis-101',
    title: 'Technical Analysis 101',
    description: 'Reading candlestick charts, support and resistance, moving averages and volume on NEPSE stocks.',
    mrpPaisa: 500_000,
    spPaisa: 399_900,
    published: true,
    topic: 'Charts and trends',
    lessons: [
      { title: 'Candlesticks explained', durationSeconds: 900 },
      { title: 'Support, resistance and trend lines', durationSeconds: 1_080 },
    ],
  },
  {
    slug: 'derivatives-masterclass',
    title: 'Derivatives Masterclass (coming soon)',
    description: 'Futures and options, for when NEPSE lists them. Not published yet.',
    mrpPaisa: 800_000,
    spPaisa: 800_000,
    published: false,
    topic: 'Introduction',
    lessons: [{ title: 'What is a derivative?', durationSeconds: 600 }],
  },
];

const DEMO_BOOK = {
  slug: 'nepse-investor-handbook',
  title: 'The NEPSE Investor Handbook',
  description: 'A practical handbook for new investors in Nepal.',
  author: 'Platform Research Team',
  pageCount: 120,
  mrpPaisa: 80_000,
  spPaisa: 50_000,
};

const DEMO_PROMOTION = { code: 'WELCOME10', description: '10% off any product for new learners', percent: 10 };

/**
 * The catalog part of the demo data, keyed by slug and code: what exists (even renamed since,
 * through its old slug) is kept as it is, what is missing is created through ProductWriter in
 * one transaction per product.
 */
export async function seedCatalog(container: ContainerInstance): Promise<CatalogManifest> {
  const db = container.get(Database);
  const slugs = container.get(ProductSlugs);
  const writer = container.get(ProductWriter);

  const courses = [];
  for (const demo of DEMO_COURSES) {
    const existing = await slugs.resolve(demo.slug, { type: 'course' });
    const productId = existing?.id ?? (await db.transaction((tx) => createCourse(writer, demo, tx)));
    courses.push(await courseManifest(productId));
  }

  const bookProduct =
    (await slugs.resolve(DEMO_BOOK.slug, { type: 'digital_book' })) ??
    (await db.transaction(async (tx) => {
      const { slug, title, mrpPaisa, spPaisa, description, author, pageCount } = DEMO_BOOK;
      const product = await writer.create('digital_book', { slug, title, mrpPaisa, spPaisa }, tx);
      await writer.setPublished(product, true, tx);
      await DigitalBookModel.create({ productId: product.id, description, author, pageCount }, { transaction: tx });
      return product;
    }));
  const book = await DigitalBookModel.findOne({ where: { productId: bookProduct.id }, rejectOnEmpty: true });

  const [promotion] = await PromotionModel.findOrCreate({
    where: { code: DEMO_PROMOTION.code },
    defaults: { ...DEMO_PROMOTION, discountType: 'percent', discountPaisa: null, productId: null, timesUsed: 0, isActive: true },
  });

  return {
    courses,
    digitalBooks: [{ id: book.id, productId: book.productId }],
    promotions: [promotionManifest(promotion)],
  };
}

async function createCourse(writer: ProductWriter, demo: DemoCourse, tx: Transaction): Promise<number> {
  const { slug, title, mrpPaisa, spPaisa } = demo;
  const product = await writer.create('course', { slug, title, mrpPaisa, spPaisa }, tx);
  if (demo.published) await writer.setPublished(product, true, tx);
  const course = await CourseModel.create({ productId: product.id, description: demo.description }, { transaction: tx });
  const topic = await CourseTopicModel.create({ courseId: course.id, title: demo.topic, position: 0 }, { transaction: tx });
  for (const [position, lesson] of demo.lessons.entries()) {
    await LessonModel.create(
      {
        courseId: course.id,
        topicId: topic.id,
        title: lesson.title,
        position,
        isEnabled: true,
        isFreePreview: lesson.freePreview ?? false,
        videoDurationSeconds: lesson.durationSeconds,
        videoKey: `uploads/video/demo/${slug}/lesson-${position + 1}/index.m3u8`,
      },
      { transaction: tx },
    );
  }
  return product.id;
}

async function courseManifest(productId: number): Promise<CatalogManifest['courses'][number]> {
  const course = await CourseModel.findOne({
    where: { productId },
    include: [ProductModel, LessonModel],
    order: [[{ model: LessonModel, as: 'lessons' }, 'id', 'ASC']],
    rejectOnEmpty: true,
  });
  const product = course.product as ProductModel;
  return {
    id: course.id,
    slug: product.slug,
    productId,
    published: product.isPublished,
    lessons: (course.lessons ?? []).map((lesson) => ({ id: lesson.id, topicId: lesson.topicId, durationSeconds: lesson.videoDurationSeconds })),
  };
}

function promotionManifest(promotion: PromotionModel): CatalogManifest['promotions'][number] {
  const discount = promotion.discountType === 'percent' ? { percent: promotion.percent as number } : { discountPaisa: promotion.discountPaisa as number };
  return { code: promotion.code, productId: promotion.productId, ...discount };
}
