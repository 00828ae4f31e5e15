import { Get, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { ContentItemDeliveriesService, SendContentItemUseCase } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';
import { ContentAdminRateLimit } from '../admin-content-rate-limit';

const STATUS =
  'A delivery status is { contentItemId, channel (email | push), jobId (newsletter:{channel}:{contentItemId}, the job on the ' +
  'notifications queue), status, queuedAt, finishedAt (null until sent), counts { recipients, sent, skipped, failed, pending } }. ' +
  'status is queued (no reader reached yet), sending (the job is working through the readers) or sent (every delivery ' +
  'settled). recipients counts one delivery per reader; pending those not settled yet.';
const NOT_FOUND = 'An unknown id is 404 CONTENT_NOT_FOUND; an id that is not a positive integer is 400 VALIDATION_ERROR.';
const NO_BODY = { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' as const } } } } };

const deliveryStatusSchema = {
  type: 'object',
  properties: {
    contentItemId: { type: 'integer' },
    channel: { type: 'string', enum: ['email', 'push'] },
    jobId: { type: 'string', example: 'newsletter:email:42' },
    status: { type: 'string', enum: ['queued', 'sending', 'sent'] },
    queuedAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time', nullable: true },
    counts: {
      type: 'object',
      properties: Object.fromEntries(['recipients', 'sent', 'skipped', 'failed', 'pending'].map((key) => [key, { type: 'integer' }])),
    },
  },
};
const envelope = (status: string, data: object) => ({
  responses: {
    [status]: {
      description: 'Success',
      content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data } } } },
    },
  },
});

const sendDescription = (channel: 'email' | 'push', what: string) =>
  `No body. Only a published item can be sent: a draft, scheduled or archived item is 400 CONTENT_STATUS_INVALID (naming its ` +
  `status) and nothing is recorded. The first request records the send and queues the job newsletter:${channel}:{id} on the ` +
  `notifications queue, which ${what} Asking again (while or after it runs, or concurrently) records nothing, sends nobody ` +
  `a second copy and answers the same send's status; only a send that reached nobody (its item was unpublished before the job ` +
  `ran) is queued again, answering queued. Always 202 with the status in data. ${NOT_FOUND} ${STATUS}`;

/**
 * Admin newsletter sends (issue 24 "Admin", "Delivery"; community-content-uploads.md "Newsletter
 * content" endpoints and "Events"). Thin: SendContentItemUseCase decides under the item's row lock.
 */
@Service()
@ContentAdminRateLimit()
@JsonController('/api/admin/content-items')
export class AdminContentDeliveryController {
  constructor(
    private readonly send: SendContentItemUseCase,
    private readonly deliveries: ContentItemDeliveriesService,
  ) {}

  @Post('/:id([1-9]\\d*)/send-email')
  @HttpCode(202)
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Send a published newsletter item by email to its readers (once)',
    sendDescription(
      'email',
      'emails the item to every user whose entitlement reads it (free items: every holder of a content tier), with a one-click ' +
        'unsubscribe; users who unsubscribed get none.',
    ),
  )
  @OpenAPI({ ...NO_BODY, ...envelope('202', deliveryStatusSchema) })
  async sendEmail(@Param('id') id: number) {
    return ApiResponse.ok(await this.send.execute('email', id), 'Newsletter email send accepted');
  }

  @Post('/:id([1-9]\\d*)/send-push')
  @HttpCode(202)
  @RequirePermission('Content_UPDATE')
  @ApiDoc(
    'Send a published newsletter item by push to its readers (once)',
    sendDescription(
      'push',
      'pushes the title and summary (data: contentItemId, slug) to every user whose entitlement reads the item.',
    ),
  )
  @OpenAPI({ ...NO_BODY, ...envelope('202', deliveryStatusSchema) })
  async sendPush(@Param('id') id: number) {
    return ApiResponse.ok(await this.send.execute('push', id), 'Newsletter push send accepted');
  }

  @Get('/:id([1-9]\\d*)/deliveries')
  @RequirePermission('Content_READ')
  @ApiDoc(
    'Where a newsletter item\'s email and push sends stand',
    `data is { email, push }: each the channel's delivery status, or null when the item was never sent on it. Any item ` +
      `status (an item unpublished after its send keeps its history). ${NOT_FOUND} ${STATUS}`,
  )
  @OpenAPI(
    envelope('200', {
      type: 'object',
      properties: { email: { ...deliveryStatusSchema, nullable: true }, push: { ...deliveryStatusSchema, nullable: true } },
    }),
  )
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.deliveries.of(id));
  }
}
