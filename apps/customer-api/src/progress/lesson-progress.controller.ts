import { CurrentUser, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CompleteLessonUseCase,
  COURSE_PROGRESS_SCHEMA,
  CourseProgressService,
  CustomerActor,
  LESSON_CONTENT_SCHEMA,
  LESSON_PROGRESS_SCHEMA,
  LessonProgressService,
} from '@platform/domain';
import { ApiResponse, CustomerRoute } from '@platform/http';

const envelope = (message: string, data: object) => ({
  '200': {
    description: message,
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string', example: message }, data } } } },
  },
});

const AUTH_NOTE =
  'Customer token required: missing, malformed or expired, or for an account that no longer exists: 401 UNAUTHORIZED; ' +
  'an admin token: 403 FORBIDDEN.';
const IDS_NOTE = 'A course id or lesson id that is not a positive integer names nothing (404 NOT_FOUND).';

/**
 * Lesson content with the resume position, a course's progress, and manual completion
 * (learning-commerce.md, "Video progress and resume"), on the web and mobile prefixes. The
 * heartbeat lives in HeartbeatController, whose checks run before the body is read.
 */
@Service()
@JsonController()
export class LessonProgressController {
  constructor(
    private readonly lessons: LessonProgressService,
    private readonly courses: CourseProgressService,
    private readonly completion: CompleteLessonUseCase,
  ) {}

  @Get('/api/courses/:courseId/lessons/:lessonId')
  @Get('/api/mobile/courses/:courseId/lessons/:lessonId')
  @CustomerRoute()
  @OpenAPI({
    summary: 'A lesson to play: its content, video key and URL, and the caller\'s resume position and progress',
    description:
      `${AUTH_NOTE} Checks in order: the course exists and is on sale (published and sellable) or held by the caller ` +
      '(404 NOT_FOUND "Course not found", as the curriculum); the lesson is enabled and belongs to the course (404 ' +
      'NOT_FOUND "Lesson not found in this course"); the caller holds active access to the course (not revoked, lifetime ' +
      `or still valid), or the lesson is a free preview; otherwise 403 FORBIDDEN. ${IDS_NOTE} lastWatchPosition is null and totalWatchedSeconds 0 when the ` +
      'caller never watched the lesson; only the caller\'s own progress is ever read.',
    responses: envelope('Success', LESSON_CONTENT_SCHEMA),
  })
  async lesson(@CurrentUser() customer: CustomerActor, @Param('courseId') courseId: string, @Param('lessonId') lessonId: string) {
    return ApiResponse.ok(await this.lessons.lesson(customer, courseId, lessonId));
  }

  @Get('/api/courses/:courseId/progress')
  @Get('/api/mobile/courses/:courseId/progress')
  @CustomerRoute()
  @OpenAPI({
    summary: "The caller's progress through a course, topic by topic and lesson by lesson",
    description:
      `${AUTH_NOTE} Visible by the curriculum's rule: while the course is on sale (published and sellable), and always ` +
      'to a caller holding active access; otherwise, or for an unknown course, 404 NOT_FOUND. Only enabled lessons are ' +
      'listed and counted (progress in a disabled lesson counts nowhere). completionPercentage is completedLessons / ' +
      'totalLessons × 100 with 2 decimals (0 for a course without lessons); lastWatched is the most recently updated ' +
      'progress row (a heartbeat that moved the position, or a completion), null without one.',
    responses: envelope('Success', COURSE_PROGRESS_SCHEMA),
  })
  async progress(@CurrentUser() customer: CustomerActor, @Param('courseId') courseId: string) {
    return ApiResponse.ok(await this.courses.progress(customer, courseId));
  }

  @Post('/api/courses/:courseId/lessons/:lessonId/complete')
  @Post('/api/mobile/courses/:courseId/lessons/:lessonId/complete')
  @HttpCode(200)
  @CustomerRoute()
  @OpenAPI({
    summary: 'Mark a lesson completed by hand (the completion latch; idempotent)',
    description:
      `No body. ${AUTH_NOTE} Checks in order: the course exists (404 NOT_FOUND), the lesson is enabled and belongs to ` +
      'it (404 NOT_FOUND), the caller holds active access to the course (403 FORBIDDEN; a free preview is not enough). ' +
      `${IDS_NOTE} Sets isCompleted and completedAt (now) unless the lesson is already completed: completedAt keeps its ` +
      'first value, and a repeated call changes nothing and answers 200 the same way. A lesson never watched gets a ' +
      'progress row at position 0. Position and watched total are never changed. The answer has the heartbeat\'s shape.',
    responses: envelope('lesson completed', LESSON_PROGRESS_SCHEMA),
  })
  async complete(@CurrentUser() customer: CustomerActor, @Param('courseId') courseId: string, @Param('lessonId') lessonId: string) {
    return ApiResponse.ok(await this.completion.execute(customer, courseId, lessonId), 'lesson completed');
  }
}
