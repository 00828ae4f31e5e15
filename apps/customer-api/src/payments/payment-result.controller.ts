import type { Request, Response } from 'express';
import { Controller, Get, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG, DomainError, LOGGER, PaymentStatusService, PaymentStatusView } from '@platform/domain';
import type { Logger } from '@platform/observability';
import { MAX_POLLS, parsePaymentResultQuery, PAYMENT_RESULT_HEADERS, PaymentResultQuery, POLL_SECONDS, renderPaymentResultPage, resultModel } from './payment-result.page';
import { renderReturnDemoPage } from './payment-return-demo.page';
import { PaymentResultReferenceService } from './payment-result-reference.service';

const HTML_RESPONSE = { '200': { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } };

/** The public pages of a payer's way back: the result page the callbacks redirect to, and a demo return page. */
@Service()
@Controller()
export class PaymentResultController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly statuses: PaymentStatusService,
    private readonly references: PaymentResultReferenceService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('/api/payments/result')
  @OpenAPI({
    summary: 'Payment result page (HTML): the real state of the payment, then forwards to the frontend',
    description:
      'Public. Query: payment_id and token (both written by the payment callback), payment_status, reference_type, ' +
      'reference_id, next (as in CONTRACT section 4; checked, then ignored except a payment_status of failed), poll. ' +
      'The page shows the state the server has for the payment (GET /api/payments/{paymentId}/status), never the ' +
      `query's: while it is pending the page reloads every ${POLL_SECONDS} s for about a minute (${MAX_POLLS} times), ` +
      'then says the payment is still being confirmed; once it is final (success, failed, or a refund owed) it forwards ' +
      "after a second to the order's returnUrl, re-checked against RETURN_URL_ALLOWED_ORIGINS, with payment_status, " +
      'payment_id, reference_type and reference_id appended. Without a valid payment_id and token it says the payment ' +
      'is not confirmed (or failed, when payment_status says so) and forwards nowhere. No script runs on the page ' +
      "(Content-Security-Policy default-src 'none'). A malformed field: 400 VALIDATION_ERROR (JSON).",
    responses: HTML_RESPONSE,
  })
  // The raw query (not a validated DTO): the page decides field by field what to refuse and what to ignore.
  async result(@Req() req: Request, @Res() res: Response) {
    const query = parsePaymentResultQuery(req.query);
    const rules = { allowedOrigins: this.config.payments.returnUrlAllowedOrigins, isProduction: this.config.isProduction };
    const view = await this.view(query);
    const model = resultModel(query, view, rules, await this.references.forOrder(view?.orderId ?? null));
    res.status(200).set(PAYMENT_RESULT_HEADERS).type('html').send(renderPaymentResultPage(model));
    return res;
  }

  @Get('/api/payments/return-demo')
  @OpenAPI({
    summary: 'A stand-in frontend page to use as returnUrl in development (HTML)',
    description:
      'Public. Shows the fields the result page appended (payment_status, payment_id, reference_type, reference_id), ' +
      'escaped. It is what the README walkthrough uses as returnUrl, so a fresh machine needs no frontend; its origin ' +
      "(CUSTOMER_API_PUBLIC_BASE_URL's) is allowed by the development default of RETURN_URL_ALLOWED_ORIGINS.",
    responses: HTML_RESPONSE,
  })
  returnDemo(@Req() req: Request, @Res() res: Response) {
    res.status(200).set(PAYMENT_RESULT_HEADERS).type('html').send(renderReturnDemoPage(req.query));
    return res;
  }

  /** The payment's state, or null for a missing or wrong id/token; a database that cannot say shows "not confirmed". */
  private async view(query: PaymentResultQuery): Promise<PaymentStatusView | null> {
    if (query.paymentId === undefined || query.token === undefined) return null;
    try {
      return await this.statuses.status(query.paymentId, query.token);
    } catch (error) {
      if (!(error instanceof DomainError)) this.logger.warn({ err: error }, 'could not read the payment state; showing the page without it');
      return null;
    }
  }
}
