import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CreateSubscriptionTierDto, SubscriptionTierQueryDto, SubscriptionTiersService, UpdateSubscriptionTierDto } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const FIELDS = 'data is a tier: id, moduleId, name, slug, description, displayOrder, parentTierId, isActive, createdAt, updatedAt.';
const RULES =
  'moduleId must name a module (404 SUBSCRIPTION_MODULE_NOT_FOUND) and cannot change later (400). name: 1-200 characters. ' +
  'parentTierId must name a tier (404 SUBSCRIPTION_TIER_NOT_FOUND) of the same module (400), never the tier itself or one ' +
  'of its descendants (400); null clears it. displayOrder: integer 0-1000000. The slug is generated from the name, unique ' +
  'within the module (-2, -3... on a collision) and never changes. A bad body is 400 VALIDATION_ERROR.';
const NOT_FOUND = 'An unknown or malformed id is 404 SUBSCRIPTION_TIER_NOT_FOUND.';

@Service()
@JsonController('/api/admin/subscription-tiers')
export class AdminSubscriptionTiersController {
  constructor(private readonly tiers: SubscriptionTiersService) {}

  @Get()
  @RequirePermission('SubscriptionTiers_READ')
  @OpenAPI({
    summary: 'List subscription tiers',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | name | displayOrder; default updatedAt), ' +
      `order, search (name or slug), isActive, moduleId (UUID). Rows as in: ${FIELDS}`,
  })
  async list(@QueryParams() query: SubscriptionTierQueryDto) {
    return ApiResponse.page(await this.tiers.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('SubscriptionTiers_CREATE')
  @OpenAPI({
    summary: 'Create a subscription tier',
    description: `Body: moduleId, name, description?, displayOrder? (default 0), parentTierId?, isActive? (default true). ${RULES} ${FIELDS}`,
  })
  async create(@Body() dto: CreateSubscriptionTierDto) {
    return ApiResponse.ok(await this.tiers.create(dto), 'Subscription tier created successfully');
  }

  @Get('/:id')
  @RequirePermission('SubscriptionTiers_READ')
  @OpenAPI({ summary: 'Get a subscription tier', description: `${NOT_FOUND} ${FIELDS}` })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.tiers.get(id));
  }

  @Patch('/:id')
  @RequirePermission('SubscriptionTiers_UPDATE')
  @OpenAPI({ summary: 'Update a subscription tier', description: `Any of the create fields. ${RULES} ${NOT_FOUND} ${FIELDS}` })
  async update(@Param('id') id: string, @Body() dto: UpdateSubscriptionTierDto) {
    return ApiResponse.ok(await this.tiers.update(id, dto), 'Subscription tier updated successfully');
  }

  @Delete('/:id')
  @RequirePermission('SubscriptionTiers_DELETE')
  @OpenAPI({
    summary: 'Delete a subscription tier that has no plan and no child tiers',
    description: `A tier with a plan or child tiers is 409 CONFLICT: deactivate it instead (isActive: false). ${NOT_FOUND} data is { id }.`,
  })
  async remove(@Param('id') id: string) {
    return ApiResponse.ok(await this.tiers.delete(id), 'Subscription tier deleted successfully');
  }
}
