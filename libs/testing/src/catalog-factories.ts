import { randomBytes } from 'node:crypto';
import {
  CourseModel,
  CourseTopicModel,
  DigitalBookModel,
  LessonModel,
  ProductAccessModel,
  ProductModel,
  PromotionModel,
} from '@platform/db';

const suffix = () => randomBytes(4).toString('hex');

export interface ProductOptions {
  title?: string;
  slug?: string;
  mrpPaisa?: number;
  spPaisa?: number;
  published?: boolean;
  sellable?: boolean;
}

async function createProduct(type: ProductModel['type'], options: ProductOptions): Promise<ProductModel> {
  const title = options.title ?? `Test ${type} ${suffix()}`;
  return ProductModel.create({
    type,
    title,
    slug: options.slug ?? `test-${type.replace('_', '-')}-${suffix()}`,
    mrpPaisa: options.mrpPaisa ?? 500_000,
    spPaisa: options.spPaisa ?? 400_000,
    isPublished: options.published ?? true,
    isSellable: options.sellable ?? true,
  });
}

export interface TestCourse {
  course: CourseModel;
  product: ProductModel;
  topics: Array<{ topic: CourseTopicModel; lessons: LessonModel[] }>;
}

/**
 * A course written straight to the database (fast, independent of the use cases under test):
 * by default published and sellable, one topic with two enabled lessons that have videos.
 */
export async function createCourse(
  options: ProductOptions & { lessonsPerTopic?: number[]; trailerRef?: string | null } = {},
): Promise<TestCourse> {
  const product = await createProduct('course', options);
  const course = await CourseModel.create({ productId: product.id, description: 'A course for tests', trailerRef: options.trailerRef ?? null });
  const topics = [];
  for (const [index, lessonCount] of (options.lessonsPerTopic ?? [2]).entries()) {
    const topic = await CourseTopicModel.create({ courseId: course.id, title: `Topic ${index + 1}`, position: index });
    const lessons = [];
    for (let n = 0; n < lessonCount; n++) {
      lessons.push(
        await LessonModel.create({
          courseId: course.id,
          topicId: topic.id,
          title: `Lesson ${index + 1}.${n + 1}`,
          position: n,
          isEnabled: true,
          isFreePreview: false,
          videoDurationSeconds: 600 + n * 60,
          videoKey: `uploads/video/test-${suffix()}/index.m3u8`,
        }),
      );
    }
    topics.push({ topic, lessons });
  }
  return { course, product, topics };
}

export async function createDigitalBook(options: ProductOptions = {}): Promise<{ book: DigitalBookModel; product: ProductModel }> {
  const product = await createProduct('digital_book', options);
  const book = await DigitalBookModel.create({ productId: product.id, description: 'A book for tests', fileKey: `uploads/file/test-${suffix()}.pdf` });
  return { book, product };
}

/** A training product row only (the training module adds its own details). */
export function createTrainingProduct(options: ProductOptions = {}): Promise<ProductModel> {
  return createProduct('training', options);
}

export function createPromotion(
  options: Partial<Pick<PromotionModel, 'code' | 'percent' | 'discountPaisa' | 'productId' | 'startsAt' | 'endsAt' | 'usageLimit' | 'perUserLimit' | 'isActive'>> = {},
): Promise<PromotionModel> {
  const fixed = options.discountPaisa !== undefined && options.discountPaisa !== null;
  return PromotionModel.create({
    code: options.code ?? `TEST${suffix().toUpperCase()}`,
    discountType: fixed ? 'fixed' : 'percent',
    percent: fixed ? null : (options.percent ?? 10),
    discountPaisa: fixed ? options.discountPaisa : null,
    productId: options.productId ?? null,
    startsAt: options.startsAt ?? null,
    endsAt: options.endsAt ?? null,
    usageLimit: options.usageLimit ?? null,
    perUserLimit: options.perUserLimit ?? null,
    timesUsed: 0,
    isActive: options.isActive ?? true,
  });
}

/** An admin grant of a product (lifetime unless `validUntil` is given). */
export function grantAccess(userId: string, productId: number, options: { validUntil?: Date; revoked?: boolean } = {}): Promise<ProductAccessModel> {
  return ProductAccessModel.create({
    userId,
    productId,
    grantedByAdminId: 'test-admin',
    accessType: options.validUntil ? 'time_limited' : 'lifetime',
    validUntil: options.validUntil ?? null,
    isRevoked: options.revoked ?? false,
    revokedAt: options.revoked ? new Date() : null,
  });
}
