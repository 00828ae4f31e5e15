import { Body, CurrentUser, HttpCode, JsonController, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { ApplyPromotionDto, CustomerActor, PromotionQuoteService } from '@platform/domain';
import { ApiResponse, CustomerRoute, RateLimit } from '@platform/http';

/** Guessing codes is the risk this route carries, so each customer gets a small budget of tries. */
const APPLY_RATE_LIMIT = { name: 'promotions-apply', points: 30, durationSeconds: 60, by: 'actor' } as const;

@Service()
@JsonController()
export class PromotionsController {
  constructor(private readonly quotes: PromotionQuoteService) {}

  @Post('/api/promotions/apply')
  @Post('/api/mobile/promotions/apply')
  @HttpCode(200)
  @CustomerRoute()
  @RateLimit(APPLY_RATE_LIMIT)
  @OpenAPI({
    summary: 'What a promotion code would take off a product (consumes no use)',
    description:
      'Body: { code (3-50 characters, any case), productId }. data is { code, productId, pricePaisa (the product spPaisa), ' +
      'discountPaisa, payablePaisa }. A product that is unknown, unpublished or not sellable is 404 NOT_FOUND; a code that ' +
      'does not exist, is inactive, outside its validity window, restricted to another product, or has reached its usage ' +
      'or per-user limit is 400 PROMOTION_NOT_APPLICABLE with the reason. 30 tries per minute per customer (429).',
  })
  async apply(@CurrentUser() customer: CustomerActor, @Body() dto: ApplyPromotionDto) {
    return ApiResponse.ok(await this.quotes.quote(customer, dto), 'Promotion applies');
  }
}
