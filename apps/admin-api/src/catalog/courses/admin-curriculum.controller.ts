import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CoursesService,
  CreateLessonDto,
  CreateLessonUseCase,
  CreateTopicDto,
  CreateTopicUseCase,
  DeleteLessonUseCase,
  DeleteTopicUseCase,
  UpdateLessonDto,
  UpdateLessonUseCase,
  UpdateTopicDto,
  UpdateTopicUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const TOPIC_FIELDS = 'data is a topic: id, courseId, title, position.';
const LESSON_FIELDS =
  'data is a lesson: id, courseId, topicId, title, position, isEnabled, isFreePreview, videoDurationSeconds (positive ' +
  'integer or null), videoKey (a private storage key under uploads/, or null).';
const CROSS_COURSE = 'A topic or lesson of another course is 404 NOT_FOUND.';

/** Topics and lessons of a course, for admins. */
@Service()
@JsonController('/api/admin/courses/:id(\\d+)')
export class AdminCurriculumController {
  constructor(
    private readonly courses: CoursesService,
    private readonly createTopic: CreateTopicUseCase,
    private readonly updateTopic: UpdateTopicUseCase,
    private readonly deleteTopic: DeleteTopicUseCase,
    private readonly createLesson: CreateLessonUseCase,
    private readonly updateLesson: UpdateLessonUseCase,
    private readonly deleteLesson: DeleteLessonUseCase,
  ) {}

  @Get('/curriculum')
  @RequirePermission('COURSES_READ')
  @ApiDoc(
    'The full curriculum of a course, disabled lessons and video keys included',
    `data is { courseId, topics: [topic + lessons: [lesson]] }, topics and lessons by position, then id. ${TOPIC_FIELDS} ${LESSON_FIELDS}`,
  )
  async curriculum(@Param('id') id: number) {
    return ApiResponse.ok(await this.courses.curriculum(id));
  }

  @Post('/topics')
  @HttpCode(201)
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Add a topic to a course (after the last one unless position is given)', TOPIC_FIELDS)
  async addTopic(@Param('id') id: number, @Body() dto: CreateTopicDto) {
    return ApiResponse.ok(await this.createTopic.execute(id, dto), 'Topic created successfully');
  }

  @Patch('/topics/:topicId(\\d+)')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Rename or reposition a topic', `An empty body is 400. ${CROSS_COURSE} ${TOPIC_FIELDS}`)
  async editTopic(@Param('id') id: number, @Param('topicId') topicId: number, @Body() dto: UpdateTopicDto) {
    return ApiResponse.ok(await this.updateTopic.execute(id, topicId, dto), 'Topic updated successfully');
  }

  @Delete('/topics/:topicId(\\d+)')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Delete a topic and its lessons', `${CROSS_COURSE} data is { id }.`)
  async removeTopic(@Param('id') id: number, @Param('topicId') topicId: number) {
    return ApiResponse.ok(await this.deleteTopic.execute(id, topicId), 'Topic deleted successfully');
  }

  @Post('/topics/:topicId(\\d+)/lessons')
  @HttpCode(201)
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc(
    'Add a lesson to a topic (enabled, not a free preview, after the last one unless told otherwise)',
    `${CROSS_COURSE} ${LESSON_FIELDS}`,
  )
  async addLesson(@Param('id') id: number, @Param('topicId') topicId: number, @Body() dto: CreateLessonDto) {
    return ApiResponse.ok(await this.createLesson.execute(id, topicId, dto), 'Lesson created successfully');
  }

  @Patch('/lessons/:lessonId(\\d+)')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc(
    'Update a lesson, or move it to another topic of the same course (topicId)',
    `An empty body is 400. ${CROSS_COURSE} ${LESSON_FIELDS}`,
  )
  async editLesson(@Param('id') id: number, @Param('lessonId') lessonId: number, @Body() dto: UpdateLessonDto) {
    return ApiResponse.ok(await this.updateLesson.execute(id, lessonId, dto), 'Lesson updated successfully');
  }

  @Delete('/lessons/:lessonId(\\d+)')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Delete a lesson', `${CROSS_COURSE} data is { id }.`)
  async removeLesson(@Param('id') id: number, @Param('lessonId') lessonId: number) {
    return ApiResponse.ok(await this.deleteLesson.execute(id, lessonId), 'Lesson deleted successfully');
  }
}
