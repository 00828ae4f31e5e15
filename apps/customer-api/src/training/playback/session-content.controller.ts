import { CurrentUser, Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, SESSION_CONTENT_SCHEMA, SessionContentService, VIDEO_TOKEN_SCHEMA } from '@platform/domain';
import { ApiResponse, CustomerRoute, WebAndMobile } from '@platform/http';
import { trainingWebPaths } from '../training-routes';

const envelope = (schema: object) => ({
  '200': {
    description: 'Success',
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string', example: 'Success' }, data: schema } } } },
  },
});

const CHECKS =
  'Checks in order: 404 TRAINING_NOT_FOUND (unknown training, or not on sale and not held by the caller: an enrolled ' +
  'customer with active access keeps a hidden or archived training, as buyers keep a course); 404 TRAINING_SESSION_NOT_FOUND ' +
  '(unknown session or another training\'s); 403 TRAINING_ACCESS_DENIED (no `enrolled` enrollment of this training, e.g. ' +
  'pending or none, or product access not active now: revoked or time-limited access ended); 409 TRAINING_SESSION_NOT_LIVE ' +
  '(a live or both session still scheduled without a recording, or a cancelled session); 409 TRAINING_RECORDING_NOT_AVAILABLE ' +
  '(a recorded session without a recording, or a live session over without one). Which access applies: recorded → the ' +
  'recording; both → the recording when there is one, else live while the session is live; live → live while it is live, ' +
  'else a recording added afterwards. 401 UNAUTHORIZED without a valid customer token, 403 FORBIDDEN with an admin token. ' +
  'Also served under /api/training and /api/trainings.';

const SIGNED =
  'videoHlsUrl is a signed HLS playlist URL on this API (GET /api/training/playback/{token}/{path}, public: the token in ' +
  'the path is the credential, bound to the caller and this session) valid until videoTokenExpiresAt ' +
  '(TRAINING_VIDEO_TOKEN_TTL_SECONDS, default 900); the playlists it serves name signed URLs for every variant playlist and segment, ' +
  'and the token serves only the files the recording\'s playlists name. Access is checked when a URL is issued: once an admin ' +
  'cancels the enrollment (or access is revoked or runs out) this route answers 403 TRAINING_ACCESS_DENIED, but a URL issued ' +
  'before keeps playing until its videoTokenExpiresAt, a window of at most TRAINING_VIDEO_TOKEN_TTL_SECONDS.';

/** Session content and fresh playback URLs for enrolled customers (learning-commerce.md "Session content"). */
@Service()
@JsonController()
export class SessionContentController {
  constructor(private readonly content: SessionContentService) {}

  @WebAndMobile(Get, ...trainingWebPaths('/api/training/:trainingId(\\d+)/sessions/:sessionId(\\d+)/content'))
  @CustomerRoute()
  @OpenAPI({
    summary: 'A session to watch: signed recording URL or live link (enrolled customers only)',
    description:
      'No body. Data: SessionContentResponseDto { id, title, description, videoHlsUrl, videoTokenExpiresAt, liveSessionRef, ' +
      'durationMinutes, type recorded|live|both, sessionStatus scheduled|live|completed|cancelled, accessibleVia recording|live } ' +
      `(no recordingUrl). ${SIGNED} For live access videoHlsUrl and videoTokenExpiresAt are null; liveSessionRef is the ` +
      `caller's cohort's link when its schedule sets one, else the session's. ${CHECKS}`,
    responses: envelope(SESSION_CONTENT_SCHEMA),
  })
  async get(@CurrentUser() customer: CustomerActor, @Param('trainingId') trainingId: number, @Param('sessionId') sessionId: number) {
    return ApiResponse.ok(await this.content.content(customer, trainingId, sessionId));
  }

  @WebAndMobile(Post, ...trainingWebPaths('/api/training/:trainingId(\\d+)/sessions/:sessionId(\\d+)/video-token'))
  @HttpCode(200)
  @CustomerRoute()
  @OpenAPI({
    summary: 'A fresh signed streaming URL for a session recording; call before videoTokenExpiresAt',
    description:
      `No body. Data: { videoHlsUrl, videoTokenExpiresAt }, a new token each call (earlier ones stay valid until they expire). ${SIGNED} ` +
      `The same checks as the content route; a session open only live has nothing to sign: 409 TRAINING_RECORDING_NOT_AVAILABLE. ${CHECKS}`,
    responses: envelope(VIDEO_TOKEN_SCHEMA),
  })
  async videoToken(@CurrentUser() customer: CustomerActor, @Param('trainingId') trainingId: number, @Param('sessionId') sessionId: number) {
    return ApiResponse.ok(await this.content.videoToken(customer, trainingId, sessionId));
  }
}
