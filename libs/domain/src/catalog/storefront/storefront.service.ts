import { Service } from 'typedi';
import { CourseModel, CourseProgressModel, CourseTopicModel, LessonModel, ProductModel } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { ProductAccessPolicy } from '../../access';
import { Actor, containsPattern, isRowId, Page, pageWindow, toPage } from '../../shared';
import { CourseNotFound } from '../catalog.errors';
import { CourseCatalogWrites } from '../courses/course-catalog-writes.service';
import type { ProductListSort } from '../products/dto/product-list-query.dto';
import type { CourseListQueryDto } from './dto/course-list-query.dto';
import { StorefrontRepository } from './storefront.repository';
import { CourseCardView, CurriculumView, StorefrontCourseView, toCourseCard, toCurriculum, toStorefrontCourse } from './storefront.views';

// Ordering by an included model names its association alias (sequelize-typescript aliases every association).
const LESSONS = { model: LessonModel, as: 'lessons' };

/**
 * Customer reads of the course catalog: the list, the course page by slug (old slugs included)
 * and the curriculum. The list and the course page are the same for everyone, so they are cached
 * (CourseCatalogWrites: every course write makes them stale); the curriculum depends on the caller.
 * Lesson video keys leave this service only for callers with access (ProductAccessPolicy) or for
 * free-preview lessons.
 */
@Service()
export class StorefrontService {
  constructor(
    private readonly repository: StorefrontRepository,
    private readonly catalog: CourseCatalogWrites,
    private readonly access: ProductAccessPolicy,
    private readonly urls: StorageUrls,
  ) {}

  listCourses(query: CourseListQueryDto): Promise<Page<CourseCardView>> {
    // Every parameter that shapes the answer, normalised (pagination off ignores page and size).
    const window = pageWindow(query);
    const key = JSON.stringify([query.sort, query.order, query.pagination ? [query.page, query.size] : 'all']);
    const load = async () => {
      const { rows, count } = await this.repository.courseCards({
        sort: query.sort as ProductListSort,
        direction: query.order === 'asc' ? 'ASC' : 'DESC',
        titlePattern: query.search ? containsPattern(query.search) : undefined,
        limit: window.limit ?? null,
        offset: window.offset ?? null,
      });
      return toPage(rows.map((row) => toCourseCard(row, this.urls)), count, query);
    };
    // A search's text is the caller's and rarely asked twice: answered from the database, never kept
    // (each would be a Redis key for the TTL, made by anyone).
    return query.search ? load() : this.catalog.read(`list:${key}`, load);
  }

  /**
   * A published, sellable course by its current or a former slug; the view carries the current slug.
   * A slug that names no course on sale is not cached (it throws), so unknown slugs fill no cache.
   */
  courseBySlug(slug: string): Promise<StorefrontCourseView> {
    return this.catalog.read(`course:${slug}`, async () => {
      const row = await this.repository.courseOnSaleBySlug(slug);
      if (!row) throw CourseNotFound();
      return toStorefrontCourse(row, this.urls);
    });
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
}
