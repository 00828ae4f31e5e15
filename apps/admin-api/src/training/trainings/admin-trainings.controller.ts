import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminTrainingsService,
  CreateTrainingDto,
  CreateTrainingUseCase,
  DeleteTrainingUseCase,
  FetchTrainingDto,
  UpdateTrainingDto,
  UpdateTrainingUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const TRAINING_FIELDS =
  'data is a TrainingResponseDto: id, productId, title, slug, description, status (draft | published | hidden | archived), ' +
  'isPublished (the product; true exactly when status is published), mrpPaisa, spPaisa (integer paisa), isSellable, isFree, ' +
  'isFeatured, categoryId, tagId, accessType (lifetime | time_limited), accessDurationDays, thumbnailRef, thumbnailUrl, ' +
  'trailerRef, trailerUrl (resolved on every read; null without a trailer), sessionCount, cohortCount, createdAt, updatedAt. ' +
  'An unknown id is 404 TRAINING_NOT_FOUND.';

/** learning-commerce.md "Training admin": training records (CONTRACT §10 bodies). */
@Service()
@JsonController('/api/admin/training')
export class AdminTrainingsController {
  constructor(
    private readonly trainings: AdminTrainingsService,
    private readonly createTraining: CreateTrainingUseCase,
    private readonly updateTraining: UpdateTrainingUseCase,
    private readonly deleteTraining: DeleteTrainingUseCase,
  ) {}

  @Get('')
  @RequirePermission('Training_READ')
  @ApiDoc(
    'List trainings of every status (FetchTrainingDto)',
    'QueryDto: page, size (max 100), pagination, order (asc | desc; default desc), search (full text over title and ' +
      'description; any text is accepted); filters status (draft | published | hidden | archived), categoryId, tagId; sort ' +
      'title | status | isFree | createdAt | updatedAt | relevance (default updatedAt; relevance ranks by the search match ' +
      'and is updatedAt without a search; ties by id; any other value is 400 VALIDATION_ERROR). Each row is a ' +
      'TrainingListItemDto: id, productId, title, slug, status, isPublished, isSellable, isFree, isFeatured, mrpPaisa, ' +
      'spPaisa, categoryId, tagId, accessType, accessDurationDays, thumbnailRef, thumbnailUrl, trailerRef, trailerUrl, ' +
      'createdAt, updatedAt.',
  )
  async list(@QueryParams() query: FetchTrainingDto) {
    return ApiResponse.page(await this.trainings.list(query));
  }

  @Post('')
  @HttpCode(201)
  @RequirePermission('Training_CREATE')
  @ApiDoc(
    'Create a training (draft) with its product (unpublished)',
    'Body CreateTrainingDto: title, slug?, description?, categoryId?, tagId?, isFree?, isSellable?, mrpPaisa, spPaisa, ' +
      'accessType (lifetime | time_limited), accessDurationDays (required exactly for time_limited, >= 1). spPaisa above ' +
      'mrpPaisa or a bad field is 400 VALIDATION_ERROR. Without a slug one is made from the title; a slug any product ' +
      `uses or used is 409 CONFLICT. ${TRAINING_FIELDS}`,
  )
  async create(@Body() dto: CreateTrainingDto) {
    return ApiResponse.ok(await this.createTraining.execute(dto), 'Training created successfully');
  }

  @Get('/:id(\\d+)')
  @RequirePermission('Training_READ')
  @ApiDoc('Get a training (TrainingResponseDto with trailerRef and trailerUrl)', TRAINING_FIELDS)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.trainings.get(id));
  }

  @Patch('/:id(\\d+)')
  @RequirePermission('Training_UPDATE')
  @ApiDoc(
    'Update a training and its product',
    'Body UpdateTrainingDto, any of the create fields plus status, thumbnailRef (a public/ key or http(s) URL), trailerRef, ' +
      'isFeatured; description, categoryId, tagId, accessDurationDays, thumbnailRef and trailerRef may be null. An empty ' +
      'body is 400. Prices are checked after merging with the stored ones. accessType time_limited needs accessDurationDays ' +
      '(sent or stored), lifetime clears it. status published needs at least one session and one cohort that are not ' +
      'cancelled, else 400 TRAINING_NOT_PUBLISHABLE naming what is missing; the product is published exactly while the ' +
      'status is published. trailerRef is written as sent (legacy values allowed): no managed replace and no deletion of ' +
      'the previous object; use POST .../trailer for that. trailerRef is an http(s) URL or a relative storage key ' +
      '(public/... or a legacy key such as videos/trailers/a.mp4); a leading /, a backslash or a .. segment is 400 ' +
      'VALIDATION_ERROR. Caution: a trailerRef naming a managed public/trailer/ key is treated as this training\'s own, ' +
      'so the next trailer upload or clear here deletes that object, even when it is another training\'s or course\'s ' +
      'trailer. A new slug keeps the old one resolving; a slug another product ' +
      `uses or used is 409 CONFLICT. ${TRAINING_FIELDS}`,
  )
  async update(@Param('id') id: number, @Body() dto: UpdateTrainingDto) {
    return ApiResponse.ok(await this.updateTraining.execute(id, dto), 'Training updated successfully');
  }

  @Delete('/:id(\\d+)')
  @RequirePermission('Training_DELETE')
  @ApiDoc(
    'Delete a training, or archive it when it was enrolled in or sold',
    'A training without enrollments whose product no order, access grant or promotion names is deleted with its ' +
      'product, sessions, cohorts, schedule, form config and waitlist: outcome deleted. Otherwise nothing is removed: ' +
      'the training becomes archived and its product unpublished (enrollments, orders and access are kept): outcome ' +
      'archived. data is a TrainingDeleteResponseDto { id, outcome: deleted | archived, status: archived | null (deleted) }. ' +
      'An unknown id is 404 TRAINING_NOT_FOUND.',
  )
  async remove(@Param('id') id: number) {
    const result = await this.deleteTraining.execute(id);
    return ApiResponse.ok(result, result.outcome === 'deleted' ? 'Training deleted successfully' : 'Training archived: it has enrollments or sales');
  }
}
