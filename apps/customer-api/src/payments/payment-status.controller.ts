import { Get, JsonController, Param, QueryParam } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { PaymentStatusService } from '@platform/domain';
import { ApiResponse, parseIntegerId } from '@platform/http';

const STATUS_SCHEMA = {
  type: 'object',
  properties: {
    paymentId: { type: 'integer' },
    orderId: { type: 'integer' },
    state: { type: 'string', enum: ['pending', 'success', 'failed', 'refund_owed'] },
    returnUrl: { type: 'string', nullable: true, description: "The order's returnUrl while RETURN_URL_ALLOWED_ORIGINS allows it" },
  },
};

/** The state the result page shows, for frontends that poll it themselves. */
@Service()
@JsonController()
export class PaymentStatusController {
  constructor(private readonly statuses: PaymentStatusService) {}

  @Get('/api/payments/:paymentId(\\d+)/status')
  @OpenAPI({
    summary: "A payment's real state (public, with the result token)",
    description:
      'Public. Query: token, the value the payment callback wrote into the result page URL (it is handed out only to ' +
      "a browser that came back with the payment's gateway transaction id). Answers the state (pending, success, " +
      'failed, refund_owed), the order id and the allowed returnUrl; no amounts and no personal data. An unknown ' +
      'payment and a wrong or missing token answer the same 404 NOT_FOUND.',
    responses: { '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: STATUS_SCHEMA } } } } } },
  })
  async status(@Param('paymentId') paymentId: string, @QueryParam('token') token: string) {
    return ApiResponse.ok(await this.statuses.status(parseIntegerId(paymentId), typeof token === 'string' ? token : ''));
  }
}
