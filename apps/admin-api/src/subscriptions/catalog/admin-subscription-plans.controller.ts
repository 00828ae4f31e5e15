import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CreateSubscriptionPlanDto, SubscriptionPlanQueryDto, SubscriptionPlansService, UpdateSubscriptionPlanDto } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const FIELDS = 'data is a plan: id, tierId, name, description, trialDays, trialRequiresCc, isActive, displayOrder, createdAt, updatedAt.';
const RULES =
  'tierId must name a tier (404 SUBSCRIPTION_TIER_NOT_FOUND) and cannot change later (400); a tier has exactly one plan, so a ' +
  'second is 409 SUBSCRIPTION_PLAN_EXISTS. name: 1-200 characters. trialDays: integer 0-365 (0: no trial). displayOrder: ' +
  'integer 0-1000000. A bad body is 400 VALIDATION_ERROR.';
const NOT_FOUND = 'An unknown or malformed id is 404 SUBSCRIPTION_PLAN_NOT_FOUND.';

@Service()
@JsonController('/api/admin/subscription-plans')
export class AdminSubscriptionPlansController {
  constructor(private readonly plans: SubscriptionPlansService) {}

  @Get()
  @RequirePermission('SubscriptionPlans_READ')
  @OpenAPI({
    summary: 'List subscription plans',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | name | displayOrder; default updatedAt), ' +
      `order, search (name), isActive, tierId (UUID), moduleId (UUID). Rows as in: ${FIELDS}`,
  })
  async list(@QueryParams() query: SubscriptionPlanQueryDto) {
    return ApiResponse.page(await this.plans.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('SubscriptionPlans_CREATE')
  @OpenAPI({
    summary: 'Create the plan of a tier',
    description:
      'Body: tierId, name, description?, trialDays? (default 0), trialRequiresCc? (default false), isActive? (default true), ' +
      `displayOrder? (default 0). ${RULES} ${FIELDS}`,
  })
  async create(@Body() dto: CreateSubscriptionPlanDto) {
    return ApiResponse.ok(await this.plans.create(dto), 'Subscription plan created successfully');
  }

  @Get('/:id')
  @RequirePermission('SubscriptionPlans_READ')
  @OpenAPI({ summary: 'Get a subscription plan', description: `${NOT_FOUND} ${FIELDS}` })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.plans.get(id));
  }

  @Patch('/:id')
  @RequirePermission('SubscriptionPlans_UPDATE')
  @OpenAPI({
    summary: 'Update a subscription plan',
    description: `Any of the create fields. What the plan gives changes for every subscriber at once. ${RULES} ${NOT_FOUND} ${FIELDS}`,
  })
  async update(@Param('id') id: string, @Body() dto: UpdateSubscriptionPlanDto) {
    return ApiResponse.ok(await this.plans.update(id, dto), 'Subscription plan updated successfully');
  }

  @Delete('/:id')
  @RequirePermission('SubscriptionPlans_DELETE')
  @OpenAPI({
    summary: 'Delete a subscription plan no subscription references',
    description:
      'Removes the plan with its prices and features. A plan (or a price of it) referenced by any subscription is 409 ' +
      `CONFLICT: deactivate it instead (isActive: false). ${NOT_FOUND} data is { id }.`,
  })
  async remove(@Param('id') id: string) {
    return ApiResponse.ok(await this.plans.delete(id), 'Subscription plan deleted successfully');
  }
}
