import type { Request, Response } from 'express';
import { Controller, Get, Post, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { CONFIG, LOGGER, PaymentCallbackAnswer, RecordPaymentCallbackUseCase } from '@platform/domain';
import { clientKey } from '@platform/http';
import type { Logger } from '@platform/observability';
import type { PaymentCallbackOutcome } from '@platform/db';
import { RateLimiters } from '@platform/redis';
import { PaymentResultReference, PaymentResultReferenceService } from './payment-result-reference.service';

const DESCRIPTION =
  'Public; called by the browser coming back from eSewa or Khalti with the gateway\'s parameters (query for GET, ' +
  'form or JSON body for POST). Always answers 302 to /api/payments/result?payment_status=success|failed|pending' +
  '&payment_id=…&reference_type=order&reference_id=<orderId> (for a training enroll order reference_type=training_enrollment&reference_id=<enrollmentId>)&next=<returnUrl>&token=<result token, when the callback carried the payment\'s gateway transaction id>, never 4xx: an unknown payment or ' +
  'unreadable parameters answer failed; a forged eSewa signature, another transaction or an amount other than the ' +
  'order total is recorded as a failed verification on the payment and answers failed, the order unchanged; a ' +
  'plausible success is queued for verification with the gateway (order.payment_success) and answers pending; a ' +
  'failure (eSewa) queues order.payment_failed, which fails the order only when eSewa itself says the payment did not ' +
  'complete, and answers failed; Khalti has no failure URL, so a failure callback for a Khalti payment changes ' +
  'nothing and answers pending. Once the order is paid every callback answers success and changes nothing. More ' +
  'than PAYMENT_CALLBACK_RATE_LIMIT callbacks a minute from one client answer failed without being read (still ' +
  '302). The query is not proof of payment: read the order.';

/** learning-commerce.md, "Payment callbacks (public)"; CONTRACT sections 4 and 6. */
@Service()
@Controller()
export class PaymentCallbacksController {
  constructor(
    private readonly callbacks: RecordPaymentCallbackUseCase,
    private readonly rateLimiters: RateLimiters,
    private readonly references: PaymentResultReferenceService,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('/api/payments/redirect/:paymentId/success')
  @Post('/api/payments/redirect/:paymentId/success')
  @OpenAPI({ summary: 'Payment success callback (302 to the result page)', description: DESCRIPTION, responses: { '302': { description: 'Redirect to /api/payments/result' } } })
  success(@Req() req: Request, @Res() res: Response) {
    return this.handle('success', req, res);
  }

  @Get('/api/payments/redirect/:paymentId/failure')
  @Post('/api/payments/redirect/:paymentId/failure')
  @OpenAPI({ summary: 'Payment failure callback (302 to the result page)', description: DESCRIPTION, responses: { '302': { description: 'Redirect to /api/payments/result' } } })
  failure(@Req() req: Request, @Res() res: Response) {
    return this.handle('failure', req, res);
  }

  private async handle(outcome: PaymentCallbackOutcome, req: Request, res: Response): Promise<Response> {
    let answer: PaymentCallbackAnswer = { paymentStatus: 'failed', paymentId: null, orderId: null, returnUrl: null, resultToken: null };
    if (!(await this.withinRateLimit(req, outcome))) {
      // Not read, nothing touched: the result page with failed, like an unreadable callback (never 429).
      const paymentId = /^[1-9]\d{0,9}$/.test(String(req.params['paymentId'])) ? Number(req.params['paymentId']) : null;
      res.set('Cache-Control', 'no-store').redirect(302, paymentResultLocation({ ...answer, paymentId }));
      return res;
    }
    try {
      const params = req.method === 'POST' ? { ...req.query, ...(req.body as Record<string, unknown>) } : req.query;
      answer = await this.callbacks.execute({ paymentId: String(req.params['paymentId']), outcome, params: params as Record<string, unknown> });
    } catch (error) {
      // The payer's browser must reach the result page whatever went wrong here; the job and the order are the truth.
      this.logger.error({ err: error, paymentId: req.params['paymentId'], outcome }, 'payment callback could not be recorded');
      answer = { ...answer, paymentStatus: 'failed' };
    }
    res.set('Cache-Control', 'no-store').redirect(302, paymentResultLocation(answer, await this.references.forOrder(answer.orderId)));
    return res;
  }



  /**
   * PAYMENT_CALLBACK_RATE_LIMIT callbacks per client (IP, or IPv6 /64) per minute, success and
   * failure together: generous for a browser reloading, tight for walking payment ids. When Redis
   * cannot count, callbacks go through (fail open): a payer's return must not depend on Redis.
   */
  private async withinRateLimit(req: Request, outcome: PaymentCallbackOutcome): Promise<boolean> {
    const rule = { name: 'payment-callbacks', points: this.config.payments.callbackRateLimitPerMinute, durationSeconds: 60 };
    const decision = await this.rateLimiters.consume(rule, clientKey(req));
    if (decision.allowed === 'unknown') {
      this.logger.warn({ err: decision.error }, 'payment callback rate limit store unavailable; callback let through');
      return true;
    }
    if (!decision.allowed) this.logger.warn({ client: clientKey(req), outcome, paymentId: req.params['paymentId'] }, 'payment callback rate limit exceeded');
    return decision.allowed;
  }
}

/**
 * `/api/payments/result?payment_status=…&payment_id=…&reference_type=order|training_enrollment&reference_id=…&next=…&token=…`
 * (CONTRACT section 4); without a reference, the order of the answer (if any).
 */
export function paymentResultLocation(answer: PaymentCallbackAnswer, reference: PaymentResultReference | null = null): string {
  const query = new URLSearchParams({ payment_status: answer.paymentStatus });
  if (answer.paymentId !== null) query.set('payment_id', String(answer.paymentId));
  query.set('reference_type', reference?.type ?? 'order');
  const referenceId = reference?.id ?? answer.orderId;
  if (referenceId !== null) query.set('reference_id', String(referenceId));
  if (answer.returnUrl) query.set('next', answer.returnUrl);
  // Lets the page read the payment's real state (GET /api/payments/:paymentId/status); the query itself proves nothing.
  if (answer.resultToken) query.set('token', answer.resultToken);
  return `/api/payments/result?${query.toString()}`;
}
