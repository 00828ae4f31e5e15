import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CourseQueryDto,
  CoursesService,
  CreateCourseDto,
  CreateCourseUseCase,
  DeleteCourseUseCase,
  SetCoursePublishedUseCase,
  UpdateCourseDto,
  UpdateCourseUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const COURSE_FIELDS =
  'data is a CourseResponseDto: id, productId, title, slug, description, mrpPaisa, spPaisa (integer paisa), isPublished, ' +
  'isSellable, thumbnailRef, thumbnailUrl, trailerRef, trailerUrl (resolved on every read; null without a trailer), createdAt, updatedAt.';

@Service()
@JsonController('/api/admin/courses')
export class AdminCoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly createCourse: CreateCourseUseCase,
    private readonly updateCourse: UpdateCourseUseCase,
    private readonly setPublished: SetCoursePublishedUseCase,
    private readonly deleteCourse: DeleteCourseUseCase,
  ) {}

  @Get('')
  @RequirePermission('COURSES_READ')
  @ApiDoc(
    'List courses, published or not',
    'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | title | spPaisa; default updatedAt), ' +
      'order (asc | desc; default desc), search (in the title), published (true | false). Each row is a CourseResponseDto.',
  )
  async list(@QueryParams() query: CourseQueryDto) {
    return ApiResponse.page(await this.courses.list(query));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('COURSES_CREATE')
  @ApiDoc(
    'Create a course (unpublished) with its product',
    'spPaisa must not exceed mrpPaisa (400 VALIDATION_ERROR). Without a slug one is made from the title; ' +
      `a slug used now or before by any product is 409 CONFLICT. ${COURSE_FIELDS}`,
  )
  async create(@Body() dto: CreateCourseDto) {
    return ApiResponse.ok(await this.createCourse.execute(dto), 'Course created successfully');
  }

  @Get('/:id(\\d+)')
  @RequirePermission('COURSES_READ')
  @ApiDoc('Get a course (CourseResponseDto with trailerRef and trailerUrl)', COURSE_FIELDS)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.courses.get(id));
  }

  @Patch('/:id(\\d+)')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc(
    'Update a course and its product',
    'Any of title, slug, mrpPaisa, spPaisa, isSellable, description, thumbnailRef (the last two may be null). ' +
      'Prices are checked after merging with the stored ones. A new slug keeps the old one resolving to this course; ' +
      `a slug another product uses or used is 409 CONFLICT. An empty body is 400. ${COURSE_FIELDS}`,
  )
  async update(@Param('id') id: number, @Body() dto: UpdateCourseDto) {
    return ApiResponse.ok(await this.updateCourse.execute(id, dto), 'Course updated successfully');
  }

  @Post('/:id(\\d+)/publish')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Publish a course (its storefront page appears when it is also sellable)', COURSE_FIELDS)
  async publish(@Param('id') id: number) {
    return ApiResponse.ok(await this.setPublished.execute(id, true), 'Course published successfully');
  }

  @Post('/:id(\\d+)/unpublish')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc('Unpublish a course (hidden from the storefront; existing access is kept)', COURSE_FIELDS)
  async unpublish(@Param('id') id: number) {
    return ApiResponse.ok(await this.setPublished.execute(id, false), 'Course unpublished successfully');
  }

  @Delete('/:id(\\d+)')
  @RequirePermission('COURSES_DELETE')
  @ApiDoc(
    'Delete a course with its product, topics and lessons',
    'Refused with 409 CONFLICT once the product was granted, sold or named by a promotion; unpublish it instead. data is { id }.',
  )
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deleteCourse.execute(id), 'Course deleted successfully');
  }
}
