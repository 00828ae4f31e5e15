import { CurrentUser, Get, JsonController, Param } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, CustomerSubscriptionsService, SUBSCRIPTION_VIEW_SCHEMAS } from '@platform/domain';
import { ApiResponse, CustomerRoute, PLAIN_ANSWER } from '@platform/http';

const envelope = (data: object) => ({
  '200': {
    description: 'Success',
    content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data } } } },
  },
});

/**
 * The caller's subscriptions (learning-commerce.md, "Subscriptions (customer)"), on the web and
 * mobile prefixes. Registered after the catalog controller, whose /modules and /plans must not be
 * taken for /:id.
 */
@Service()
@JsonController()
export class SubscriptionsReadController {
  constructor(private readonly subscriptions: CustomerSubscriptionsService) {}

  @Get('/api/subscriptions/access', PLAIN_ANSWER)
  @Get('/api/mobile/subscriptions/access', PLAIN_ANSWER)
  @CustomerRoute()
  @OpenAPI({
    summary: "The caller's access rows (non-revoked trial and active subscriptions), newest first",
    description:
      'Every trial or active subscription that was not revoked, including expired windows and scheduled ones, each with ' +
      'its module and plan. status and isActive are computed at read time from the window (isActive: startDate ≤ now < ' +
      'endDate), never stored.',
    responses: envelope({ type: 'array', items: SUBSCRIPTION_VIEW_SCHEMAS.access }),
  })
  async access(@CurrentUser() customer: CustomerActor) {
    return ApiResponse.ok(await this.subscriptions.access(customer));
  }

  @Get('/api/subscriptions')
  @Get('/api/mobile/subscriptions')
  @CustomerRoute()
  @OpenAPI({
    summary: "The caller's active and trial subscriptions (light module and plan data), newest first",
    description: 'Subscriptions whose effective status is active or trial now (the window contains the current instant).',
    responses: envelope({ type: 'array', items: SUBSCRIPTION_VIEW_SCHEMAS.subscription }),
  })
  async list(@CurrentUser() customer: CustomerActor) {
    return ApiResponse.ok(await this.subscriptions.list(customer));
  }

  @Get('/api/subscriptions/:id')
  @Get('/api/mobile/subscriptions/:id')
  @CustomerRoute()
  @OpenAPI({
    summary: "One of the caller's subscriptions with module, plan, tier, prices, features, price and history",
    description: "An unknown or malformed id, or another customer's subscription: 404 SUBSCRIPTION_NOT_FOUND.",
    responses: envelope(SUBSCRIPTION_VIEW_SCHEMAS.detail),
  })
  async get(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return ApiResponse.ok(await this.subscriptions.get(customer, id));
  }
}
