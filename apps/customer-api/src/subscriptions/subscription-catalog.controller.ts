import { Get, JsonController, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { PublicSubscriptionPlansQueryDto, SubscriptionStorefrontService } from '@platform/domain';
import { ApiResponse, CustomerRoute } from '@platform/http';

const PLAN =
  'A plan is { id, name, description, trialDays, trialRequiresCc, displayOrder, prices: active prices { id, label, ' +
  'durationDays, mrpNpr, spNpr, isBase, isFeatured, isActive, displayOrder }, features: enabled features { id, featureKey, ' +
  'featureText, featureDetails, value, icon, displayOrder, enabled } }.';

/**
 * The subscription catalog as customers see it (web and mobile prefixes). Registered before the
 * other subscription controllers so `/modules` and `/plans` are never taken for `/:id`.
 */
@Service()
@JsonController()
export class SubscriptionCatalogController {
  constructor(private readonly storefront: SubscriptionStorefrontService) {}

  @Get('/api/subscriptions/modules')
  @Get('/api/mobile/subscriptions/modules')
  @OpenAPI({
    summary: 'Active subscription modules with their active tiers and plans (public)',
    description:
      'No authentication. data is a list of active modules { id, name, slug, description, icon, tiers }, by name; tiers are ' +
      'the active tiers by displayOrder { id, name, slug, description, displayOrder, parentTierId, plan }, where plan is ' +
      `the tier's plan if active, else null. ${PLAN}`,
  })
  async modules() {
    return ApiResponse.ok(await this.storefront.modules());
  }

  @Get('/api/subscriptions/plans')
  @Get('/api/mobile/subscriptions/plans')
  @CustomerRoute()
  @OpenAPI({
    summary: 'Active subscription plans, optionally of one module',
    description:
      'Customer token (401 without). Query moduleId (optional UUID; malformed is 400 VALIDATION_ERROR; an unknown or ' +
      'inactive module is 404 SUBSCRIPTION_MODULE_NOT_FOUND). data is a list of active plans of active tiers and modules, ' +
      `each with tier { id, name, slug, description, displayOrder, parentTierId } and module { id, name, slug, description, icon }. ${PLAN}`,
  })
  async plans(@QueryParams() query: PublicSubscriptionPlansQueryDto) {
    return ApiResponse.ok(await this.storefront.plans(query.moduleId));
  }
}
