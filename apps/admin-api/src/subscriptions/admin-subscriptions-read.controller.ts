import { Get, JsonController, Param, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AdminSubscriptionQueryDto,
  AdminSubscriptionsService,
  SUBSCRIPTION_VIEW_SCHEMAS,
  SubscriptionAnalyticsQueryDto,
  SubscriptionAnalyticsService,
} from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const envelope = (data: object, paginated = false) => ({
  '200': {
    description: 'Success',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            data,
            ...(paginated ? { count: { type: 'integer' }, page: { type: 'integer' }, size: { type: 'integer' } } : {}),
          },
        },
      },
    },
  },
});

/** Back-office subscription reads (learning-commerce.md, "Subscriptions (admin)"). */
@Service()
@JsonController('/api/admin/subscriptions')
export class AdminSubscriptionsReadController {
  constructor(
    private readonly subscriptions: AdminSubscriptionsService,
    private readonly analyticsService: SubscriptionAnalyticsService,
  ) {}

  // Before /:id, which would otherwise take "analytics" for an id.
  @Get('/analytics')
  @RequirePermission('Subscriptions_READ')
  @OpenAPI({
    summary: 'Subscription figures per module and per plan, and their totals, at the current instant',
    description:
      'Query: moduleId (optional UUID; an unknown module: 404 SUBSCRIPTION_MODULE_NOT_FOUND). Every module (or the one asked ' +
      'for) lists each of its plans, with zeros where nothing was sold. Figures (metrics): subscriptions (every row); ' +
      'byStatus: rows by effective status now (pending_payment, scheduled, trial, active, expired, revoked, payment_failed); ' +
      'trialsStarted: trial rows (one per user and module); trialsConverted: trials whose user got, in the same module, an ' +
      'activated purchase (stored active or revoked) or a standing admin grant (a revoked grant converts nobody) that ' +
      'converted the trial (convertedFromId) or starts between the trial\'s start and 30 days after its end, so a purchase ' +
      'soon after an expired trial counts and one a year later does not; conversions are counted on the plan of the trial; ' +
      'conversionRate: trialsConverted / trialsStarted with 4 decimals, 0 when none; grants: admin grants, ' +
      'revoked ones included; grantRevenueEquivalentNpr: the value (price-equivalent) of every admin grant, revoked ones ' +
      'included, and revokedGrantValueNpr the part of it whose grants were revoked since (subtract it for the value of ' +
      'grants standing); purchaseRevenueNpr: the price of purchases that were activated (pending and failed purchases ' +
      'earn nothing; revoked ones are counted, no refund is modelled). NPR amounts have 2 decimals.',
    responses: envelope(SUBSCRIPTION_VIEW_SCHEMAS.analytics),
  })
  async analytics(@QueryParams() query: SubscriptionAnalyticsQueryDto) {
    return ApiResponse.ok(await this.analyticsService.analytics(query));
  }

  @Get()
  @RequirePermission('Subscriptions_READ')
  @OpenAPI({
    summary: "Every user's subscriptions with the subscriber's email and name (paginated)",
    description:
      'Query: page (1), size (20; above 100 is capped to 100), pagination (true; false returns at most 1,000 rows, count ' +
      'still says how many match), userId, moduleId, planId (UUIDs), status (the effective status now: pending_payment | ' +
      'scheduled | trial | active | expired | revoked | payment_failed), source (trial | admin_grant | purchase), search (a ' +
      "substring of the user's email or full name, in any case; trimmed; % and _ are literal; blank searches nothing), " +
      'sort createdAt (default) | startDate | endDate (rows without a window last), order desc (default) | asc; ties are ' +
      'broken by id. An unknown value: 400 VALIDATION_ERROR.',
    responses: envelope({ type: 'array', items: SUBSCRIPTION_VIEW_SCHEMAS.adminListItem }, true),
  })
  async list(@QueryParams() query: AdminSubscriptionQueryDto) {
    return ApiResponse.page(await this.subscriptions.list(query));
  }

  @Get('/:id')
  @RequirePermission('Subscriptions_READ')
  @OpenAPI({
    summary: 'One subscription with its user, module, plan, tier, prices, features, price and history',
    description: 'An unknown or malformed id: 404 SUBSCRIPTION_NOT_FOUND.',
    responses: envelope(SUBSCRIPTION_VIEW_SCHEMAS.adminDetail),
  })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.subscriptions.get(id));
  }
}
