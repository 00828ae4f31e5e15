import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CreateSubscriptionPlanPriceDto, SubscriptionPlanPriceQueryDto, SubscriptionPlanPricesService, UpdateSubscriptionPlanPriceDto } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const FIELDS =
  'data is a price: id, planId, label, durationDays, mrpNpr, spNpr (numbers), isBase, isFeatured, isActive, displayOrder, createdAt, updatedAt.';
const RULES =
  'planId must name a plan (404 SUBSCRIPTION_PLAN_NOT_FOUND) and cannot change later (400). label: 1-200 characters. ' +
  'durationDays: integer 1-3660. mrpNpr and spNpr: numbers 0-9999999999.99 with at most 2 decimals; spNpr greater than ' +
  'mrpNpr (after merging on PATCH) is 400 SUBSCRIPTION_PRICE_INVALID. isBase: true makes this the plan\'s only base price ' +
  '(the previous base is cleared). A bad body is 400 VALIDATION_ERROR.';
const NOT_FOUND = 'An unknown or malformed id is 404 SUBSCRIPTION_PRICE_NOT_FOUND.';

@Service()
@JsonController('/api/admin/subscription-plan-prices')
export class AdminSubscriptionPlanPricesController {
  constructor(private readonly prices: SubscriptionPlanPricesService) {}

  @Get()
  @RequirePermission('SubscriptionPlanPrices_READ')
  @OpenAPI({
    summary: 'List subscription plan prices',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | label | displayOrder | durationDays | ' +
      `spNpr; default updatedAt), order, search (label), isActive, planId (UUID). Rows as in: ${FIELDS}`,
  })
  async list(@QueryParams() query: SubscriptionPlanPriceQueryDto) {
    return ApiResponse.page(await this.prices.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('SubscriptionPlanPrices_CREATE')
  @OpenAPI({
    summary: 'Create a price of a plan',
    description:
      'Body: planId, label, durationDays, mrpNpr, spNpr, isBase? (default false), isFeatured? (default false), isActive? ' +
      `(default true), displayOrder? (default 0). ${RULES} ${FIELDS}`,
  })
  async create(@Body() dto: CreateSubscriptionPlanPriceDto) {
    return ApiResponse.ok(await this.prices.create(dto), 'Subscription plan price created successfully');
  }

  @Get('/:id')
  @RequirePermission('SubscriptionPlanPrices_READ')
  @OpenAPI({ summary: 'Get a subscription plan price', description: `${NOT_FOUND} ${FIELDS}` })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.prices.get(id));
  }

  @Patch('/:id')
  @RequirePermission('SubscriptionPlanPrices_UPDATE')
  @OpenAPI({ summary: 'Update a subscription plan price', description: `Any of the create fields. ${RULES} ${NOT_FOUND} ${FIELDS}` })
  async update(@Param('id') id: string, @Body() dto: UpdateSubscriptionPlanPriceDto) {
    return ApiResponse.ok(await this.prices.update(id, dto), 'Subscription plan price updated successfully');
  }

  @Delete('/:id')
  @RequirePermission('SubscriptionPlanPrices_DELETE')
  @OpenAPI({
    summary: 'Delete a plan price no subscription references',
    description: `A price referenced by a subscription is 409 CONFLICT: deactivate it instead (isActive: false). ${NOT_FOUND} data is { id }.`,
  })
  async remove(@Param('id') id: string) {
    return ApiResponse.ok(await this.prices.delete(id), 'Subscription plan price deleted successfully');
  }
}
