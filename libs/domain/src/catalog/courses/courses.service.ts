import { Service } from 'typedi';
import { CourseModel, CourseTopicModel, LessonModel, Op, ProductModel, WhereOptions } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { containsPattern, Page, pageWindow, toPage } from '../../shared';
import { requireCourse } from './course.lookups';
import { AdminCurriculumView, CourseView, CourseWithProduct, toCourseView, toLessonView, toTopicView } from './course.views';
import type { ProductListSort } from '../products/dto/product-list-query.dto';
import type { CourseQueryDto } from './dto/course.dto';

/** Where each sort key lives: course timestamps on the course, the rest on its product. */
const SORT_COLUMNS: Record<ProductListSort, [typeof CourseModel | typeof ProductModel, string]> = {
  createdAt: [CourseModel, 'createdAt'],
  updatedAt: [CourseModel, 'updatedAt'],
  title: [ProductModel, 'title'],
  spPaisa: [ProductModel, 'spPaisa'],
};


/** Admin reads of courses: every course, published or not, and the full curriculum. */
@Service()
export class CoursesService {
  constructor(private readonly urls: StorageUrls) {}

  async list(query: CourseQueryDto): Promise<Page<CourseView>> {
    const productWhere: WhereOptions<ProductModel> = {};
    if (query.published !== undefined) Object.assign(productWhere, { isPublished: query.published });
    if (query.search) Object.assign(productWhere, { title: { [Op.iLike]: containsPattern(query.search) } });
    const [model, column] = SORT_COLUMNS[query.sort as ProductListSort];
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const product = { model: ProductModel, as: 'product' };
    const { rows, count } = await CourseModel.findAndCountAll({
      include: [{ ...product, required: true, where: productWhere }],
      // The id breaks ties so pages never overlap or skip rows.
      order: model === CourseModel ? [[column, direction], ['id', direction]] : [[product, column, direction], ['id', direction]],
      ...pageWindow(query),
      distinct: true,
    });
    return toPage(rows.map((course) => toCourseView(course as CourseWithProduct, this.urls)), count, query);
  }

  async get(id: number): Promise<CourseView> {
    return toCourseView(await requireCourse(id), this.urls);
  }

  /** Every topic (by position, then id) with every lesson, disabled ones and video keys included. */
  async curriculum(id: number): Promise<AdminCurriculumView> {
    const course = await requireCourse(id);
    const [topics, lessons] = await Promise.all([
      CourseTopicModel.findAll({ where: { courseId: course.id }, order: [['position', 'ASC'], ['id', 'ASC']] }),
      LessonModel.findAll({ where: { courseId: course.id }, order: [['position', 'ASC'], ['id', 'ASC']] }),
    ]);
    return {
      courseId: course.id,
      topics: topics.map((topic) => ({
        ...toTopicView(topic),
        lessons: lessons.filter((lesson) => lesson.topicId === topic.id).map(toLessonView),
      })),
    };
  }
}
