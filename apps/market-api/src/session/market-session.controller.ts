import { CurrentUser, Get, JsonController } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import type { CustomerActor } from '@platform/domain';
import { CustomerOnlyRoute } from '@platform/http';

/** Lets a widget or app check its token against the market API before calling portfolio routes. */
@Service()
@JsonController('/api/v1/market')
export class MarketSessionController {
  @Get('/me')
  @CustomerOnlyRoute()
  @OpenAPI({ summary: 'The customer the bearer token identifies (401 when it is missing, invalid or not a customer’s)' })
  me(@CurrentUser() customer: CustomerActor) {
    return { customerId: customer.id };
  }
}
