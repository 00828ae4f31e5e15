import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, Put } from 'routing-controllers';
import { Service } from 'typedi';
import {
  CreateTrainingSessionDto,
  CreateTrainingSessionUseCase,
  DeleteTrainingSessionUseCase,
  ReorderTrainingSessionsDto,
  ReorderTrainingSessionsUseCase,
  SetTrainingSessionRecordingDto,
  SetTrainingSessionRecordingUseCase,
  TrainingSessionsService,
  UpdateTrainingSessionDto,
  UpdateTrainingSessionUseCase,
} from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const SESSION_FIELDS =
  'data is a session: id, trainingId, title, description, type (recorded|live|both), status (scheduled|live|completed|cancelled), ' +
  'position, durationMinutes, scheduledAt, liveSessionRef, recordingKey (an HLS key under uploads/video/, or null), createdAt, updatedAt.';
const NOT_FOUND = 'An unknown training is 404 TRAINING_NOT_FOUND; an unknown session, or one of another training, is 404 TRAINING_SESSION_NOT_FOUND.';
const keepsPublishable = (verb: 'Deleting' | 'Cancelling') =>
  `${verb} the last session that is not cancelled of a published training is 400 TRAINING_NOT_PUBLISHABLE (unpublish it first); a draft may lose it.`;
const BODY = 'Body { title, description?, type: recorded|live|both, durationMinutes (1-1440), scheduledAt? (ISO 8601), liveSessionRef?, status? }.';

/** A training's sessions, for admins (learning-commerce.md "Training admin"; bodies CONTRACT §10). */
@Service()
@JsonController('/api/admin/training/:trainingId(\\d+)/sessions')
export class AdminTrainingSessionsController {
  constructor(
    private readonly sessions: TrainingSessionsService,
    private readonly createSession: CreateTrainingSessionUseCase,
    private readonly updateSession: UpdateTrainingSessionUseCase,
    private readonly setRecording: SetTrainingSessionRecordingUseCase,
    private readonly deleteSession: DeleteTrainingSessionUseCase,
    private readonly reorderSessions: ReorderTrainingSessionsUseCase,
  ) {}

  @Get()
  @RequirePermission('Training_READ')
  @ApiDoc('Every session of a training, by position', `data is a list of sessions. 404 TRAINING_NOT_FOUND for an unknown training. ${SESSION_FIELDS}`)
  async list(@Param('trainingId') trainingId: number) {
    return ApiResponse.ok(await this.sessions.list(trainingId));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('Training_SESSION_CREATE')
  @ApiDoc(
    'Add a session after the training\'s last one',
    `${BODY} status defaults to scheduled. A training holds at most 500 sessions: one more is 400 VALIDATION_ERROR. ` +
      `404 TRAINING_NOT_FOUND. ${SESSION_FIELDS}`,
  )
  async create(@Param('trainingId') trainingId: number, @Body() dto: CreateTrainingSessionDto) {
    return ApiResponse.ok(await this.createSession.execute(trainingId, dto), 'Session created successfully');
  }

  @Put('/reorder')
  @RequirePermission('Training_SESSION_UPDATE')
  @ApiDoc(
    'Put the training\'s sessions in a new order',
    'Body { sessionIds: [...] } naming every session of the training exactly once, in the new order (positions 0..n-1); ' +
      'a missing or repeated id is 400 VALIDATION_ERROR; an id that is not a session of this training (unknown, or another ' +
      `training's) is 400 TRAINING_SESSION_MISMATCH. 404 TRAINING_NOT_FOUND. data is the reordered list. ${SESSION_FIELDS}`,
  )
  async reorder(@Param('trainingId') trainingId: number, @Body() dto: ReorderTrainingSessionsDto) {
    return ApiResponse.ok(await this.reorderSessions.execute(trainingId, dto.sessionIds), 'Sessions reordered successfully');
  }

  @Get('/:sessionId(\\d+)')
  @RequirePermission('Training_READ')
  @ApiDoc('One session of a training, recording key included', `${NOT_FOUND} ${SESSION_FIELDS}`)
  async detail(@Param('trainingId') trainingId: number, @Param('sessionId') sessionId: number) {
    return ApiResponse.ok(await this.sessions.detail(trainingId, sessionId));
  }

  @Patch('/:sessionId(\\d+)')
  @RequirePermission('Training_SESSION_UPDATE')
  @ApiDoc(
    'Update a session',
    `${BODY} Every field optional; null clears description, scheduledAt and liveSessionRef; an empty body is 400 VALIDATION_ERROR. ` +
      `${keepsPublishable('Cancelling')} ${NOT_FOUND} ${SESSION_FIELDS}`,
  )
  async update(@Param('trainingId') trainingId: number, @Param('sessionId') sessionId: number, @Body() dto: UpdateTrainingSessionDto) {
    return ApiResponse.ok(await this.updateSession.execute(trainingId, sessionId, dto), 'Session updated successfully');
  }

  @Patch('/:sessionId(\\d+)/recording')
  @RequirePermission('Training_SESSION_UPDATE')
  @ApiDoc(
    'Set or clear a session\'s recording',
    'Body { recordingKey } (an HLS playlist key under uploads/video/, no "..", at most 500 characters; anything else is 400 ' +
      `VALIDATION_ERROR) or { recordingKey: null } to clear it. ${NOT_FOUND} ${SESSION_FIELDS}`,
  )
  async recording(
    @Param('trainingId') trainingId: number,
    @Param('sessionId') sessionId: number,
    @Body() dto: SetTrainingSessionRecordingDto,
  ) {
    return ApiResponse.ok(await this.setRecording.execute(trainingId, sessionId, dto.recordingKey), 'Session recording updated successfully');
  }

  @Delete('/:sessionId(\\d+)')
  @RequirePermission('Training_SESSION_DELETE')
  @ApiDoc(
    'Delete a session',
    'The later sessions move up one position; the session\'s cohort schedule entries go with it. A session an enrollment names ' +
      `is 409 TRAINING_SESSION_HAS_ENROLLMENTS (cancel it instead). ${keepsPublishable('Deleting')} ${NOT_FOUND} data is { id }.`,
  )
  async remove(@Param('trainingId') trainingId: number, @Param('sessionId') sessionId: number) {
    return ApiResponse.ok(await this.deleteSession.execute(trainingId, sessionId), 'Session deleted successfully');
  }
}
