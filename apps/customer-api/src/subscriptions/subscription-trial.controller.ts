import { CurrentUser, HttpCode, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, StartTrialUseCase, SUBSCRIPTION_VIEW_SCHEMAS } from '@platform/domain';
import { ApiResponse, CustomerRoute } from '@platform/http';

/** Starting a trial (learning-commerce.md, "Subscriptions (customer)"), on the web and mobile prefixes. */
@Service()
@JsonController()
export class SubscriptionTrialController {
  constructor(private readonly startTrial: StartTrialUseCase) {}

  @Post('/api/subscriptions/trial/:planId')
  @Post('/api/mobile/subscriptions/trial/:planId')
  @HttpCode(201)
  @CustomerRoute()
  @OpenAPI({
    summary: 'Start the trial of a plan (the trial subscription)',
    description:
      'Creates a trial subscription [now, now + trialDays days) for the caller. Unknown or malformed planId: 404 ' +
      'SUBSCRIPTION_PLAN_NOT_FOUND. The plan, its tier or its module inactive, or trialDays 0: 400 ' +
      'SUBSCRIPTION_TRIAL_NOT_AVAILABLE (trialRequiresCc is shown to clients and is not checked: eSewa and Khalti capture ' +
      'no card, and the spec names four trial conditions). One trial per module for life, ' +
      'whatever the plan and whatever became of it: 409 SUBSCRIPTION_TRIAL_ALREADY_USED. A trial or active subscription ' +
      'of the module still open: 409 SUBSCRIPTION_ALREADY_ACTIVE. Answers the subscription as GET /api/subscriptions/{id}.',
    responses: {
      '201': {
        description: 'The trial subscription',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: SUBSCRIPTION_VIEW_SCHEMAS.detail } } } },
      },
    },
  })
  async start(@CurrentUser() customer: CustomerActor, @Param('planId') planId: string) {
    return ApiResponse.ok(await this.startTrial.execute(customer, planId), 'Trial started');
  }
}
