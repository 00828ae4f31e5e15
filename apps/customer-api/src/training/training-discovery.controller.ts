import { CurrentUser, Get, JsonController, Param, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, TrainingDiscoveryService, TrainingListQueryDto } from '@platform/domain';
import { ApiResponse, CustomerRoute, WebAndMobile } from '@platform/http';
import { trainingWebPaths } from './training-routes';

const LIST_DESCRIPTION =
  'Query: TrainingListQueryDto (QueryDto plus categoryId, tagId; sort title|isFree|createdAt|updatedAt (default)|relevance, ' +
  'any other value is 400 VALIDATION_ERROR; search is a full-text search of title and description, relevance ranks by it ' +
  'and is updatedAt without a search; order asc|desc (default desc, best match first) applies to every sort). Only trainings that are published with a published, sellable product. Data: ' +
  'TrainingListItemDto[] (id, title, thumbnailRef, thumbnailUrl, trailerRef, trailerUrl, slug, productId, mrpPaisa, spPaisa, ' +
  'isFree, accessType, accessDurationDays, sessionCount, nextCohort { id, name, startsAt, seatsLeft } or null: the earliest ' +
  'open cohort starting now or later, else the earliest open one; seatsLeft over all open cohorts) with count, page, size. ' +
  'Also served under /api/training and /api/trainings. Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN (admin token).';

/**
 * Customer discovery of published trainings; every route also answers under `/api/training` and
 * `/api/trainings` (WebAndMobile with trainingWebPaths). Reads are cached (TrainingDiscoveryService).
 */
@Service()
@JsonController()
export class TrainingDiscoveryController {
  constructor(private readonly discovery: TrainingDiscoveryService) {}

  @WebAndMobile(Get, ...trainingWebPaths('/api/trainings'))
  @CustomerRoute()
  @OpenAPI({ summary: 'Published trainings as cards (paginated)', description: LIST_DESCRIPTION })
  async list(@QueryParams() query: TrainingListQueryDto) {
    return ApiResponse.page(await this.discovery.list(query));
  }

  @WebAndMobile(Get, ...trainingWebPaths('/api/trainings/featured'))
  @CustomerRoute()
  @OpenAPI({ summary: 'Featured published trainings as cards (paginated)', description: `Featured (isFeatured) trainings only. ${LIST_DESCRIPTION}` })
  async featured(@QueryParams() query: TrainingListQueryDto) {
    return ApiResponse.page(await this.discovery.list(query, true));
  }

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/:trainingId(\\d+)/sessions'))
  @CustomerRoute()
  @OpenAPI({
    summary: 'The sessions of a published training, in order',
    description:
      'Data: SessionListItemDto[] (id, trainingId, title, description, type recorded|live|both, status ' +
      'scheduled|live|completed|cancelled, position, durationMinutes, scheduledAt, hasRecording). Neither recording keys nor ' +
      'live links are shown here: they are session content for enrolled users. Also served under /api/training and ' +
      '/api/trainings. Errors: 404 TRAINING_NOT_FOUND (unknown or unpublished training), 401 UNAUTHORIZED, 403 FORBIDDEN.',
  })
  sessions(@CurrentUser() customer: CustomerActor, @Param('trainingId') trainingId: number) {
    return this.discovery.sessions(trainingId, customer);
  }

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/cohorts/:cohortId(\\d+)'))
  @CustomerRoute()
  @OpenAPI({
    summary: 'A cohort of a published training, with its schedule',
    description:
      'Data: CohortEnrollmentDetailDto (id, trainingId, trainingTitle, name, status open|closed|full|cancelled, capacity, ' +
      "seatsTaken, seatsLeft, startsAt, endsAt, schedule [{ sessionId, title, type, scheduledAt: the cohort's time, else the " +
      "session's }]). Also served under /api/training and /api/trainings. Errors: 404 TRAINING_COHORT_NOT_FOUND (unknown, " +
      'or its training is not published), 401 UNAUTHORIZED, 403 FORBIDDEN.',
  })
  cohort(@Param('cohortId') cohortId: number) {
    return this.discovery.cohort(cohortId);
  }

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/sessions/:sessionId(\\d+)'))
  @CustomerRoute()
  @OpenAPI({
    summary: 'A session of a published training, with its per-cohort schedule',
    description:
      'Data: SessionEnrollmentDetailDto (the SessionListItemDto fields, trainingTitle, schedule [{ cohortId, cohortName, ' +
      "scheduledAt: the cohort's time, else the session's }]). Also served under /api/training and /api/trainings. Errors: " +
      '404 TRAINING_SESSION_NOT_FOUND (unknown, or its training is not published), 401 UNAUTHORIZED, 403 FORBIDDEN.',
  })
  session(@Param('sessionId') sessionId: number) {
    return this.discovery.session(sessionId);
  }
}
