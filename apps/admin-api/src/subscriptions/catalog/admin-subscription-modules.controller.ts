import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CreateSubscriptionModuleDto, SubscriptionModuleQueryDto, SubscriptionModulesService, UpdateSubscriptionModuleDto } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const FIELDS = 'data is a module: id, name, slug, description, icon, isActive, createdAt, updatedAt.';
const RULES =
  'name: 1-200 characters. description: up to 5000, icon: up to 500 (null clears). The slug is generated from the name ' +
  '(unique; -2, -3... on a collision) and never changes, even on a rename. A bad body is 400 VALIDATION_ERROR.';
const NOT_FOUND = 'An unknown or malformed id is 404 SUBSCRIPTION_MODULE_NOT_FOUND.';

@Service()
@JsonController('/api/admin/subscription-modules')
export class AdminSubscriptionModulesController {
  constructor(private readonly modules: SubscriptionModulesService) {}

  @Get()
  @RequirePermission('SubscriptionModules_READ')
  @OpenAPI({
    summary: 'List subscription modules',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | name; default updatedAt), order ' +
      `(asc | desc; default desc), search (name or slug, any case), isActive (true | false). Rows as in: ${FIELDS}`,
  })
  async list(@QueryParams() query: SubscriptionModuleQueryDto) {
    return ApiResponse.page(await this.modules.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('SubscriptionModules_CREATE')
  @OpenAPI({ summary: 'Create a subscription module', description: `Body: name, description?, icon?, isActive? (default true). ${RULES} ${FIELDS}` })
  async create(@Body() dto: CreateSubscriptionModuleDto) {
    return ApiResponse.ok(await this.modules.create(dto), 'Subscription module created successfully');
  }

  @Get('/:id')
  @RequirePermission('SubscriptionModules_READ')
  @OpenAPI({ summary: 'Get a subscription module', description: `${NOT_FOUND} ${FIELDS}` })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.modules.get(id));
  }

  @Patch('/:id')
  @RequirePermission('SubscriptionModules_UPDATE')
  @OpenAPI({ summary: 'Update a subscription module', description: `Any of the create fields. ${RULES} ${NOT_FOUND} ${FIELDS}` })
  async update(@Param('id') id: string, @Body() dto: UpdateSubscriptionModuleDto) {
    return ApiResponse.ok(await this.modules.update(id, dto), 'Subscription module updated successfully');
  }

  @Delete('/:id')
  @RequirePermission('SubscriptionModules_DELETE')
  @OpenAPI({
    summary: 'Delete a subscription module that has no tiers and no subscriptions',
    description: `A module with tiers or subscriptions is 409 CONFLICT: deactivate it instead (isActive: false). ${NOT_FOUND} data is { id }.`,
  })
  async remove(@Param('id') id: string) {
    return ApiResponse.ok(await this.modules.delete(id), 'Subscription module deleted successfully');
  }
}
