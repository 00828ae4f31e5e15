import { CurrentUser, Get, JsonController, Param, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { Actor, CourseListQueryDto, StorefrontService } from '@platform/domain';
import { ApiResponse, PLAIN_ANSWER } from '@platform/http';

/**
 * The course storefront, on the web prefix and the mobile prefix alike: public list and course
 * page (published and sellable only), and the curriculum, whose lesson video keys only a
 * customer with access (or a free-preview lesson) gets.
 */
@Service()
@JsonController()
export class StorefrontCoursesController {
  constructor(private readonly storefront: StorefrontService) {}

  @Get('/api/courses', PLAIN_ANSWER)
  @Get('/api/mobile/courses', PLAIN_ANSWER)
  @OpenAPI({ summary: 'Published, sellable courses as cards (QueryDto; search on title; sort updatedAt (default)|createdAt|title|spPaisa)' })
  async list(@QueryParams() query: CourseListQueryDto) {
    return ApiResponse.page(await this.storefront.listCourses(query));
  }

  // Three path segments: never confused with `/api/courses/:slug` below.
  @Get('/api/courses/:courseId(\\d+)/curriculum')
  @Get('/api/mobile/courses/:courseId(\\d+)/curriculum')
  @OpenAPI({
    summary: 'Topics and enabled lessons of a published course; video keys only with access or for free previews',
    description:
      'Public; a customer token (optional) reveals the keys of courses the customer has access to. A bad token is 401. ' +
      "Each lesson carries watchPercentage: the caller's totalWatchedSeconds / videoDurationSeconds × 100 (2 decimals, " +
      'capped at 100), null for an anonymous caller or an admin token, a lesson without a video duration, or a lesson the ' +
      'caller has no progress in.',
    security: [{}, { bearerAuth: [] }],
  })
  curriculum(@Param('courseId') courseId: number, @CurrentUser() actor?: Actor) {
    return this.storefront.curriculum(courseId, actor);
  }

  @Get('/api/courses/:slug', PLAIN_ANSWER)
  @Get('/api/mobile/courses/:slug', PLAIN_ANSWER)
  @OpenAPI({ summary: 'A published, sellable course by slug (a former slug still resolves; the answer carries the current one)' })
  detail(@Param('slug') slug: string) {
    return this.storefront.courseBySlug(slug);
  }
}
