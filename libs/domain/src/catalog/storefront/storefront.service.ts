import { Service } from 'typedi';
import { CourseModel, CourseProgressModel, CourseTopicModel, Database, LessonModel, Op, ProductModel, WhereOptions } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { ProductAccessPolicy } from '../../access';
import { Actor, containsPattern, isRowId, Page, pageWindow, toPage } from '../../shared';
import { CourseNotFound } from '../catalog.errors';
import type { CourseWithProduct } from '../courses/course.views';
import { ProductSlugs } from '../slugs/product-slugs.service';
import type { ProductListSort } from '../products/dto/product-list-query.dto';
import type { CourseListQueryDto } from './dto/course-list-query.dto';
import {
  CourseCardView,
  CurriculumView,
  LessonTotals,
  NO_LESSONS,
  StorefrontCourseView,
  toCourseCard,
  toCurriculum,
  toStorefrontCourse,
} from './storefront.views';

/** What customers can find and buy: a product that is both published and sellable. */
const ON_SALE = { isPublished: true, isSellable: true } as const;

const SORT_COLUMNS: Record<ProductListSort, keyof ProductModel> = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  title: 'title',
  spPaisa: 'spPaisa',
};

// Ordering by an included model names its association alias (sequelize-typescript aliases every association).
const TOPICS = { model: CourseTopicModel, as: 'topics' };
const LESSONS = { model: LessonModel, as: 'lessons' };

/** A PostgreSQL `integer` id; anything else names no row (and must not reach SQL as an overflow). */

/** `%` and `_` in a search are matched literally. */

/**
 * Customer reads of the course catalog: the list, the course page by slug (old slugs included)
 * and the curriculum. Lesson video keys leave this service only for callers with access
 * (ProductAccessPolicy) or for free-preview lessons.
 */
@Service()
export class StorefrontService {
  constructor(
    private readonly db: Database,
    private readonly slugs: ProductSlugs,
    private readonly access: ProductAccessPolicy,
    private readonly urls: StorageUrls,
  ) {}

  async listCourses(query: CourseListQueryDto): Promise<Page<CourseCardView>> {
    const where: WhereOptions<ProductModel> = query.search ? { ...ON_SALE, title: { [Op.iLike]: containsPattern(query.search) } } : ON_SALE;
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { rows, count } = await CourseModel.findAndCountAll({
      include: [{ model: ProductModel, required: true, where }],
      order: [
        [{ model: ProductModel, as: 'product' }, SORT_COLUMNS[query.sort as ProductListSort], direction],
        ['id', direction],
      ],
      ...pageWindow(query),
    });
    const totals = await this.lessonTotals(rows.map((course) => course.id));
    const cards = (rows as CourseWithProduct[]).map((course) => toCourseCard(course, totals.get(course.id) ?? NO_LESSONS, this.urls));
    return toPage(cards, count, query);
  }

  /** A published, sellable course by its current or a former slug; the view carries the current slug. */
  async courseBySlug(slug: string): Promise<StorefrontCourseView> {
    const product = await this.slugs.resolve(slug, { type: 'course' });
    if (!product?.isPublished || !product.isSellable) throw CourseNotFound();
    const course = await CourseModel.findOne({
      where: { productId: product.id },
      include: [ProductModel, CourseTopicModel],
      order: [
        [TOPICS, 'position', 'ASC'],
        [TOPICS, 'id', 'ASC'],
      ],
    });
    if (!course?.product) throw CourseNotFound();
    const totals = (await this.lessonTotals([course.id])).get(course.id) ?? NO_LESSONS;
    return toStorefrontCourse(course as CourseWithProduct, totals, this.urls);
  }

  /**
   * The enabled lessons of a course, by topic: for everyone while the course is on sale
   * (published and sellable), and always for those who hold access, so buyers keep their course
   * after it is withdrawn. `hasAccess` is asked of ProductAccessPolicy; anonymous callers and
   * admins have none. A customer's lessons carry their watchPercentage (their progress for the
   * whole course is read in one query, alongside the outline).
   */
  async curriculum(courseId: number, actor?: Actor): Promise<CurriculumView> {
    const course = isRowId(courseId) ? await CourseModel.findByPk(courseId, { include: [ProductModel] }) : null;
    if (!course?.product) throw CourseNotFound();
    const hasAccess = actor?.kind === 'customer' && (await this.access.hasActiveAccess(actor.id, course.productId));
    const onSale = course.product.isPublished && course.product.isSellable;
    if (!onSale && !hasAccess) throw CourseNotFound();
    const [topics, watched] = await Promise.all([
      CourseTopicModel.findAll({
        where: { courseId: course.id },
        include: [{ model: LessonModel, required: false, where: { isEnabled: true } }],
        order: [
          ['position', 'ASC'],
          ['id', 'ASC'],
          [LESSONS, 'position', 'ASC'],
          [LESSONS, 'id', 'ASC'],
        ],
      }),
      actor?.kind === 'customer' ? this.watchedSeconds(actor.id, course.id) : new Map<number, number>(),
    ]);
    return toCurriculum(course, hasAccess, topics, watched);
  }

  /** The customer's watched seconds per lesson of the course (course_progress_user_course_idx). */
  private async watchedSeconds(userId: string, courseId: number): Promise<Map<number, number>> {
    const rows = await CourseProgressModel.findAll({
      attributes: ['lessonId', 'totalWatchedSeconds'],
      where: { userId, courseId },
      raw: true,
    });
    return new Map(rows.map((row) => [row.lessonId, row.totalWatchedSeconds]));
  }

  /** Enabled-lesson count and video seconds per course, in one grouped query. */
  private async lessonTotals(courseIds: number[]): Promise<Map<number, LessonTotals>> {
    if (courseIds.length === 0) return new Map();
    const { sequelize } = this.db;
    const rows = (await LessonModel.findAll({
      attributes: [
        'courseId',
        [sequelize.fn('COUNT', sequelize.col('id')), 'lessonCount'],
        [sequelize.fn('COALESCE', sequelize.fn('SUM', sequelize.col('video_duration_seconds')), 0), 'totalDurationSeconds'],
      ],
      where: { courseId: { [Op.in]: courseIds }, isEnabled: true },
      group: [sequelize.col('course_id')],
      raw: true,
    })) as unknown as Array<{ courseId: number; lessonCount: string | number; totalDurationSeconds: string | number }>;
    return new Map(
      rows.map((row) => [
        row.courseId,
        { lessonCount: Number(row.lessonCount), totalDurationSeconds: Number(row.totalDurationSeconds) },
      ]),
    );
  }
}
