import type { Request, Response } from 'express';
import { Controller, Get, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG, LOGGER, PaymentRecords } from '@platform/domain';
import type { Logger } from '@platform/observability';
import { forwardUrl, parsePaymentResultQuery, PAYMENT_RESULT_CSP, PaymentResultQuery, renderPaymentResultPage } from './payment-result.page';

/** The public page the payment callbacks redirect to (learning-commerce.md, "Payment callbacks"). */
@Service()
@Controller()
export class PaymentResultController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentRecords,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('/api/payments/result')
  @OpenAPI({
    summary: 'Payment result page (HTML) that forwards to the frontend',
    description:
      'Public. Query: payment_status (success | failed | pending, required), payment_id, reference_type (order | ' +
      'training_enrollment), reference_id, next (the returnUrl given at checkout). Answers text/html showing the status; ' +
      'when next is an absolute http(s) URL whose origin RETURN_URL_ALLOWED_ORIGINS allows ("*" allows any, outside ' +
      'production), the page forwards there after a second (meta refresh and a link) with payment_status, payment_id, ' +
      'reference_type and reference_id appended as query parameters; any other next (relative, javascript:, data:, ' +
      'another origin) is not followed and not shown. The page runs no script (Content-Security-Policy default-src ' +
      "'none'). For failed, when payment_id is a payment of order reference_id that the gateway confirmed after the " +
      'order closed (a refund is owed), the page says a refund will be arranged instead. ' +
      'A missing or unknown payment_status, or a malformed payment_id, reference_id or reference_type: 400 ' +
      'VALIDATION_ERROR (JSON). The query is not proof of payment: read the order for its status.',
    responses: { '200': { description: 'The result page', content: { 'text/html': { schema: { type: 'string' } } } } },
  })
  // The raw query (not a validated DTO): the page decides field by field what to refuse and what to ignore.
  async result(@Req() req: Request, @Res() res: Response) {
    const query = parsePaymentResultQuery(req.query);
    const forward = forwardUrl(query, {
      allowedOrigins: this.config.payments.returnUrlAllowedOrigins,
      isProduction: this.config.isProduction,
    });
    const refundOwed = await this.refundOwed(query);
    res
      .status(200)
      .set({
        'Content-Security-Policy': PAYMENT_RESULT_CSP,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      })
      .type('html')
      .send(renderPaymentResultPage(query, forward, { refundOwed }));
    return res;
  }

  /** Only for a failed order payment named by both ids; a database that cannot say shows the plain page. */
  private async refundOwed(query: PaymentResultQuery): Promise<boolean> {
    if (query.paymentStatus !== 'failed' || !query.paymentId || !query.referenceId || (query.referenceType ?? 'order') !== 'order') return false;
    const paymentId = Number(query.paymentId);
    const orderId = Number(query.referenceId);
    if (!Number.isSafeInteger(paymentId) || !Number.isSafeInteger(orderId) || paymentId > 2_147_483_647 || orderId > 2_147_483_647) return false;
    try {
      return await this.payments.refundOwed(paymentId, orderId);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not read whether a refund is owed; showing the plain result page');
      return false;
    }
  }
}
