import type { Response } from 'express';
import { CurrentUser, Get, JsonController, Param, Post, QueryParams, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CustomerActor,
  CustomerNotificationsService,
  MarkAllNotificationsReadUseCase,
  MarkNotificationReadUseCase,
  NOTIFICATION_SCHEMA,
  NotificationQueryDto,
} from '@platform/domain';
import { ApiResponse, CustomerRoute, RateLimit, RateLimitPolicy } from '@platform/http';

/**
 * Customer reads: 300 requests per 60 s per customer, the platform's default for customer reads
 * (CONTRACT section 10); changes: 60 per 60 s per customer. Web and mobile share each budget.
 */
export const NOTIFICATION_READS: RateLimitPolicy = { name: 'notifications-read', points: 300, durationSeconds: 60, by: 'actor' };
export const NOTIFICATION_CHANGES: RateLimitPolicy = { name: 'notifications-change', points: 60, durationSeconds: 60, by: 'actor' };

const LIMITS = 'Reads share 300 requests per minute per customer, changes 60 (429 RATE_LIMIT_EXCEEDED with Retry-After).';
const ok = (data: object, extra: Record<string, object> = {}) => ({
  '200': {
    description: 'Success',
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data, ...extra } } } },
  },
});

/**
 * The caller's in-app notifications (learning-commerce.md, "Events": one per event and customer,
 * written by the notification.deliver job), on the web and mobile prefixes.
 */
@Service()
@JsonController()
export class NotificationsController {
  constructor(
    private readonly notifications: CustomerNotificationsService,
    private readonly markRead: MarkNotificationReadUseCase,
    private readonly markAllRead: MarkAllNotificationsReadUseCase,
  ) {}

  @Get('/api/notifications')
  @Get('/api/mobile/notifications')
  @CustomerRoute()
  @RateLimit(NOTIFICATION_READS)
  @OpenAPI({
    summary: "The caller's notifications, newest first (paginated), with the number still unread",
    description:
      'Query: page, size, pagination, order desc (default) | asc, sort createdAt, unreadOnly (true: only unread ones). ' +
      'The body is the list envelope { message, data, count, page, size } plus unreadCount (all unread notifications ' +
      `of the caller, whatever the filter). data[].type is the event name, data[].data its payload. ${LIMITS}`,
    responses: ok(
      { type: 'array', items: NOTIFICATION_SCHEMA },
      { count: { type: 'integer' }, page: { type: 'integer' }, size: { type: 'integer' }, unreadCount: { type: 'integer' } },
    ),
  })
  async list(@CurrentUser() customer: CustomerActor, @QueryParams() query: NotificationQueryDto, @Res() res: Response) {
    const page = await this.notifications.list(customer, query);
    // The list envelope with one more top-level field; written here because ApiResponse.page has no extras.
    res.status(200).json({ ...ApiResponse.page(page).toJSON(), unreadCount: page.unreadCount });
    return res;
  }

  @Post('/api/notifications/read-all')
  @Post('/api/mobile/notifications/read-all')
  @CustomerRoute()
  @RateLimit(NOTIFICATION_CHANGES)
  @OpenAPI({
    summary: "Mark all of the caller's notifications read",
    description: `data: { updated (how many were unread), unreadCount: 0 }. ${LIMITS}`,
    responses: ok({ type: 'object', properties: { updated: { type: 'integer' }, unreadCount: { type: 'integer' } } }),
  })
  async readAll(@CurrentUser() customer: CustomerActor) {
    return ApiResponse.ok(await this.markAllRead.execute(customer), 'Notifications marked as read');
  }

  @Post('/api/notifications/:id/read')
  @Post('/api/mobile/notifications/:id/read')
  @CustomerRoute()
  @RateLimit(NOTIFICATION_CHANGES)
  @OpenAPI({
    summary: 'Mark one of the caller\'s notifications read',
    description: `Answers the notification. Idempotent: the first readAt stays. Another customer's or an unknown id: 404 NOT_FOUND. ${LIMITS}`,
    responses: ok(NOTIFICATION_SCHEMA),
  })
  async read(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return ApiResponse.ok(await this.markRead.execute(customer, id), 'Notification marked as read');
  }
}
