import { Body, CurrentUser, HttpCode, JsonController, Param, Patch, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AdminActor,
  ExtendSubscriptionDto,
  ExtendSubscriptionUseCase,
  GrantSubscriptionDto,
  GrantSubscriptionUseCase,
  RevokeSubscriptionDto,
  RevokeSubscriptionUseCase,
  SUBSCRIPTION_VIEW_SCHEMAS,
} from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const envelope = (status: string, description: string) => ({
  [status]: {
    description,
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: SUBSCRIPTION_VIEW_SCHEMAS.detail } } } },
  },
});
const BY_ID = 'An unknown or malformed id: 404 SUBSCRIPTION_NOT_FOUND.';

/**
 * Subscription commands of the back office (learning-commerce.md, "Subscriptions (admin)"):
 * grant, extend, revoke. Each answers the subscription as GET /api/admin/subscriptions/{id} does.
 */
@Service()
@JsonController('/api/admin/subscriptions')
export class AdminSubscriptionCommandsController {
  constructor(
    private readonly grantSubscription: GrantSubscriptionUseCase,
    private readonly extendSubscription: ExtendSubscriptionUseCase,
    private readonly revokeSubscription: RevokeSubscriptionUseCase,
  ) {}

  @Post('/grant')
  @HttpCode(201)
  @RequirePermission('Subscriptions_CREATE')
  @OpenAPI({
    summary: 'Grant a subscription to a customer (the subscription, with id and endDate)',
    description:
      'Body: { userId (UUID), planId (UUID), planPriceId? (UUID), customEndDate? (YYYY-MM-DD or RFC 3339), adminNote? (≤ 1000) }; at ' +
      'least one of planPriceId or customEndDate (else 400 SUBSCRIPTION_GRANT_INVALID). The window is [now, customEndDate) ' +
      'or [now, now + the price\'s durationDays); customEndDate not in the future: 400 VALIDATION_ERROR. Unknown customer: ' +
      '404 NOT_FOUND; unknown plan: 404 SUBSCRIPTION_PLAN_NOT_FOUND; a price not of that plan: 404 ' +
      'SUBSCRIPTION_PRICE_NOT_FOUND. An active (or scheduled) subscription of the module: 409 SUBSCRIPTION_ALREADY_ACTIVE ' +
      '(extend it instead). A live trial of the module is converted: it ends now (history `converted`) and the grant ' +
      'records convertedFromId. valueNpr (revenue-equivalent for analytics): the spNpr of planPriceId for its own ' +
      'length; with customEndDate that price (or, without one, the plan\'s base price) prorated, spNpr × window days / ' +
      'durationDays rounded to 2 decimals; 0 without either. status active, source admin_grant, grantedByAdminId = the token\'s sub; history `granted`.',
    responses: envelope('201', 'The granted subscription'),
  })
  async grant(@CurrentUser() admin: AdminActor, @Body() dto: GrantSubscriptionDto) {
    return ApiResponse.ok(await this.grantSubscription.execute(admin, dto), 'Subscription granted');
  }

  @Patch('/:id/extend')
  @RequirePermission('Subscriptions_UPDATE')
  @OpenAPI({
    summary: 'Move the end of a subscription',
    description:
      'Body: { durationDays? (integer 1-3650), newEndDate? (YYYY-MM-DD or RFC 3339), adminNote? (≤ 1000) }; exactly one of ' +
      'durationDays or newEndDate (else 400 SUBSCRIPTION_EXTEND_INVALID). durationDays counts from the current end; newEndDate must be after the current end and in the future (else 400 VALIDATION_ERROR). ' +
      'Trial and active subscriptions that have not ended; an expired one (moving its end would also cover the days it ' +
      'was closed: grant a new one), revoked, pending_payment and payment_failed: 409 CONFLICT. A window that would overlap another trial or active subscription of the module: ' +
      `409 SUBSCRIPTION_ALREADY_ACTIVE. History \`extended\` with the old and new end. ${BY_ID}`,
    responses: envelope('200', 'The extended subscription'),
  })
  async extend(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: ExtendSubscriptionDto) {
    return ApiResponse.ok(await this.extendSubscription.execute(admin, id, dto), 'Subscription extended');
  }

  @Patch('/:id/revoke')
  @RequirePermission('Subscriptions_UPDATE')
  @OpenAPI({
    summary: 'Revoke a subscription: access ends immediately',
    description:
      'Body: { adminNote? (≤ 1000) }. Trial and active subscriptions (expired or scheduled ones included) become revoked ' +
      '(revokedAt now, revokedByAdminId = the token\'s sub); the next entitlement check already refuses. Already ' +
      `revoked, pending_payment or payment_failed: 409 CONFLICT. History \`revoked\`. Paid windows of the module queued ` +
      `behind it (scheduled purchases) move up to start now, keeping their length (history \`rescheduled\`). ${BY_ID}`,
    responses: envelope('200', 'The revoked subscription'),
  })
  async revoke(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: RevokeSubscriptionDto) {
    return ApiResponse.ok(await this.revokeSubscription.execute(admin, id, dto), 'Subscription revoked');
  }
}
