import type { Request } from 'express';
import { Body, HttpCode, JsonController, Param, Post, Req, UseBefore } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { HeartbeatDto, RecordHeartbeatUseCase } from '@platform/domain';
import { ApiResponse } from '@platform/http';
import { admittedCustomer, heartbeatGate } from './heartbeat-gate.middleware';

const HEARTBEAT_VIEW = {
  type: 'object',
  properties: {
    watchPosition: { type: 'integer', minimum: 0, description: 'the furthest position reached, seconds (never moves back)' },
    totalWatchedSeconds: { type: 'integer', minimum: 0, description: 'the greatest cumulative watched time reported, seconds' },
    isCompleted: { type: 'boolean', description: 'one-way latch: true once totalWatchedSeconds reached COMPLETION_THRESHOLD_PERCENT of the video' },
    watchPercentage: { type: 'number', nullable: true, minimum: 0, maximum: 100, description: 'totalWatchedSeconds / duration × 100, 2 decimals, capped at 100; null when the lesson has no video duration' },
  },
};

/** Video heartbeats (learning-commerce.md, "Video progress and resume"), on the web and mobile prefixes. */
@Service()
@JsonController()
export class HeartbeatController {
  constructor(private readonly heartbeats: RecordHeartbeatUseCase) {}

  @Post('/api/courses/:courseId/lessons/:lessonId/heartbeat')
  @Post('/api/mobile/courses/:courseId/lessons/:lessonId/heartbeat')
  @HttpCode(200)
  @UseBefore(heartbeatGate)
  @OpenAPI({
    summary: 'Record a video heartbeat and answer the lesson progress',
    security: [{ bearerAuth: [] }],
    description:
      'Body: { watchPosition: integer >= 0, totalWatchedSeconds: integer >= 0, eventType?: heartbeat (default) | play | pause | ' +
      'seek | ended }. Checks in this order: (1) rate limit, one heartbeat per HEARTBEAT_RATE_LIMIT_SECONDS (default 8) per user ' +
      'and lesson, counted before anything else, so even a refused request spends it: 429 RATE_LIMIT_EXCEEDED with Retry-After ' +
      '(play, pause, seek and ended events share that window with heartbeats; an expired token is counted in a window of its ' +
      'own, so it cannot spend the live one; a token with a bad signature, or none, is counted per client address; a body ' +
      'that is not JSON is refused with 400 before any check); (2) customer token: missing, malformed, expired or for an ' +
      'account that no longer exists: 401 HEARTBEAT_TOKEN_EXPIRED (an admin token: 403 FORBIDDEN); then the body: 400 ' +
      'VALIDATION_ERROR; (3) active access to the course (the product access rule): 403 HEARTBEAT_NOT_ENROLLED; (4) the lesson: ' +
      'missing, disabled or of another course: 404 HEARTBEAT_LESSON_NOT_FOUND. Every heartbeat that passes is recorded as a ' +
      'watch event. When watchPosition did not advance past the stored position, the progress does not change (the answer ' +
      'is the stored progress); otherwise the position becomes the new one, the watched total the greater of stored and sent, ' +
      'and the lesson becomes completed for good once totalWatchedSeconds / duration × 100 reaches COMPLETION_THRESHOLD_PERCENT ' +
      '(default 90); completedAt keeps its first value. Concurrent heartbeats never move anything back.',
    responses: {
      '200': {
        description: 'heartbeat processed',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string', example: 'heartbeat processed' }, data: HEARTBEAT_VIEW } } } },
      },
    },
  })
  async heartbeat(
    @Req() req: Request,
    @Param('courseId') courseId: string,
    @Param('lessonId') lessonId: string,
    @Body() body: HeartbeatDto,
  ) {
    return ApiResponse.ok(await this.heartbeats.execute(admittedCustomer(req), courseId, lessonId, body), 'heartbeat processed');
  }
}
