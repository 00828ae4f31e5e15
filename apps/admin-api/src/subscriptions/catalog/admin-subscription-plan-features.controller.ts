import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CreateSubscriptionPlanFeatureDto, SubscriptionPlanFeatureQueryDto, SubscriptionPlanFeaturesService, UpdateSubscriptionPlanFeatureDto } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const FIELDS =
  'data is a feature: id, planId, moduleId, featureKey, featureText, featureDetails, value, icon, displayOrder, enabled, createdAt, updatedAt.';
const RULES =
  'planId must name a plan (404 SUBSCRIPTION_PLAN_NOT_FOUND) and cannot change later (400). moduleId must name a module ' +
  "(404 SUBSCRIPTION_MODULE_NOT_FOUND) that is the plan's module (400). featureKey: ^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$, " +
  'unique within the plan (409 SUBSCRIPTION_FEATURE_KEY_DUPLICATE). featureText: 1-500 characters; featureDetails up to ' +
  '5000, value up to 200, icon up to 500 (null clears). Only enabled features are entitlements. A bad body is 400 VALIDATION_ERROR.';
const NOT_FOUND = 'An unknown or malformed id is 404 SUBSCRIPTION_FEATURE_NOT_FOUND.';

@Service()
@JsonController('/api/admin/subscription-plan-features')
export class AdminSubscriptionPlanFeaturesController {
  constructor(private readonly features: SubscriptionPlanFeaturesService) {}

  @Get()
  @RequirePermission('SubscriptionPlanFeatures_READ')
  @OpenAPI({
    summary: 'List subscription plan features',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | featureKey | displayOrder; default ' +
      `updatedAt), order, search (featureKey or featureText), enabled, planId (UUID), moduleId (UUID), featureKey (exact). Rows as in: ${FIELDS}`,
  })
  async list(@QueryParams() query: SubscriptionPlanFeatureQueryDto) {
    return ApiResponse.page(await this.features.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('SubscriptionPlanFeatures_CREATE')
  @OpenAPI({
    summary: 'Create a feature of a plan',
    description:
      'Body: planId, moduleId, featureKey, featureText, featureDetails?, value?, icon?, displayOrder? (default 0), enabled? ' +
      `(default true). ${RULES} ${FIELDS}`,
  })
  async create(@Body() dto: CreateSubscriptionPlanFeatureDto) {
    return ApiResponse.ok(await this.features.create(dto), 'Subscription plan feature created successfully');
  }

  @Get('/:id')
  @RequirePermission('SubscriptionPlanFeatures_READ')
  @OpenAPI({ summary: 'Get a subscription plan feature', description: `${NOT_FOUND} ${FIELDS}` })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.features.get(id));
  }

  @Patch('/:id')
  @RequirePermission('SubscriptionPlanFeatures_UPDATE')
  @OpenAPI({ summary: 'Update a subscription plan feature', description: `Any of the create fields. ${RULES} ${NOT_FOUND} ${FIELDS}` })
  async update(@Param('id') id: string, @Body() dto: UpdateSubscriptionPlanFeatureDto) {
    return ApiResponse.ok(await this.features.update(id, dto), 'Subscription plan feature updated successfully');
  }

  @Delete('/:id')
  @RequirePermission('SubscriptionPlanFeatures_DELETE')
  @OpenAPI({ summary: 'Delete a subscription plan feature', description: `Always allowed (nothing references a feature). ${NOT_FOUND} data is { id }.` })
  async remove(@Param('id') id: string) {
    return ApiResponse.ok(await this.features.delete(id), 'Subscription plan feature deleted successfully');
  }
}
