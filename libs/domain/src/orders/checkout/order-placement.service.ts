import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Database, IdempotencyScope, PaymentGateway, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { CONFIG, CustomerActor, IdempotencyClaim, IdempotencyKeysService, LOGGER, requestFingerprint } from '../../shared';
import { ORDER_IDEMPOTENCY_ERRORS, OrderPaymentFailed, OrderPaymentMethodNotSupported, ReturnUrlNotAllowed } from './checkout.errors';
import { OrderPlacedEvents } from './order-placed.events';
import { OrderDraft, OrderWriter, WrittenOrder } from './order-writer.service';
import type { PaymentInitView } from './payment-init.view';
import { PaymentInitiator } from './payment-initiator.service';
import { isAllowedReturnUrl } from '../../payments';
import { OrderTransitionService } from '../lifecycle/order-transition.service';
import { OrderCaches } from '../reads/order-caches.service';

export interface PaymentChoice {
  gateway: PaymentGateway;
  returnUrl: string;
  paymentMethod?: string;
}

export interface PlacementRequest {
  owner: CustomerActor;
  scope: Extract<IdempotencyScope, 'checkout' | 'buy_now'>;
  idempotencyKey: string | undefined;
  payment: PaymentChoice;
  /** Everything else the request asked for, part of the key's fingerprint. */
  fingerprint: Record<string, unknown>;
  /** Reads (and locks) what is bought, inside the order transaction. */
  draft: (tx: Transaction, at: Date) => Promise<OrderDraft>;
}

/**
 * The shared way of checkout and buy-now from request to PaymentInitResponseDto:
 * 1. request-level refusals (payment method, returnUrl origin) before the key is touched;
 * 2. the Idempotency-Key is claimed, or the first answer replayed (IdempotencyKeysService);
 * 3. one transaction writes the order, its items, the code's use, the history and the payment;
 *    for eSewa the signed form is built and the key completed in that same transaction;
 * 4. Khalti is called after that commit (no row lock is held across a network call); its pidx
 *    and the key's answer are stored in a second transaction. When Khalti refuses or cannot be
 *    reached, the payment and the order become failed (payment_pending → payment_failed, the
 *    code's use is given back) and this and every repeat of the key get 409 ORDER_PAYMENT_FAILED.
 * A refusal in step 3 rolls everything back and releases the key. ORDER_PLACED_* is queued after
 * the commit that made the order payable.
 */
@Service()
export class OrderPlacement {
  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeysService,
    private readonly writer: OrderWriter,
    private readonly initiator: PaymentInitiator,
    private readonly events: OrderPlacedEvents,
    private readonly transitions: OrderTransitionService,
    private readonly orderCaches: OrderCaches,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async place(request: PlacementRequest, at = new Date()): Promise<PaymentInitView> {
    const { owner, payment } = request;
    if (payment.paymentMethod !== undefined && payment.paymentMethod !== 'online') throw OrderPaymentMethodNotSupported();
    if (!isAllowedReturnUrl(payment.returnUrl, { allowedOrigins: this.config.payments.returnUrlAllowedOrigins, isProduction: this.config.isProduction })) {
      throw ReturnUrlNotAllowed();
    }
    const fingerprint = requestFingerprint({ ...request.fingerprint, gateway: payment.gateway, returnUrl: payment.returnUrl });
    const start = await this.keys.start<PaymentInitView>({
      actor: owner,
      scope: request.scope,
      key: request.idempotencyKey,
      fingerprint,
      errors: ORDER_IDEMPOTENCY_ERRORS,
    });
    if (start.kind === 'replay') return start.response;

    let placed: { written: WrittenOrder; view: PaymentInitView | null };
    try {
      placed = await this.db.transaction(async (tx) => {
        const written = await this.writer.write(await request.draft(tx, at), tx, at);
        await this.orderCaches.invalidate(owner.id, tx);
        if (payment.gateway !== 'esewa') {
          await this.keys.attach(start.claim, { type: 'order', id: written.order.id }, tx);
          return { written, view: null };
        }
        const view = this.initiator.esewa(written.order, written.payment);
        await this.keys.complete(start.claim, view, { type: 'order', id: written.order.id }, tx);
        await this.events.record(written, tx);
        return { written, view };
      });
    } catch (error) {
      await this.keys.release(start.claim).catch((err) => this.logger.error({ err }, 'could not release an idempotency key'));
      throw error;
    }
    return placed.view ?? this.startKhalti(start.claim, placed.written);
  }

  private async startKhalti(claim: IdempotencyClaim, written: WrittenOrder): Promise<PaymentInitView> {
    const { order, payment, items } = written;
    const name = items.length === 1 ? items[0].title : `${items[0].title} and ${items.length - 1} more`;
    const started = await this.initiator.khalti(order, payment, name);
    if (started.ok) {
      await this.db.transaction(async (tx) => {
        await payment.update({ gatewayTransactionId: started.value.gatewayTransactionId }, { transaction: tx });
        await this.keys.complete(claim, started.value, { type: 'order', id: order.id }, tx);
        await this.events.record(written, tx);
        // A read since the order was written cached the placeholder in place of the pidx.
        await this.orderCaches.invalidate(order.userId, tx);
      });
      return started.value;
    }
    this.logger.warn({ orderId: order.id, paymentId: payment.id, reason: started.reason, detail: started.message }, 'khalti initiate failed');
    const message = 'The payment could not be started at Khalti; please try again with a new request';
    await this.db.transaction(async (tx) => {
      // The order first, then its payment: the order every other path locks first (cancel,
      // failure, success), so two of them never wait on each other. The move gives the code's
      // use back and closes the open payment (OrderTransitionEffectsService).
      const failed = await this.transitions.apply(
        { orderId: order.id, to: 'payment_failed', from: ['payment_pending'], actor: { type: 'system' }, notes: 'Khalti payment initiation failed' },
        tx,
      );
      await payment.update({ status: 'failed', lastVerificationError: started.message.slice(0, 1000) }, { transaction: tx });
      await this.keys.fail(claim, message, { type: 'order', id: order.id }, tx);
      // The transition invalidated the caches; an order that had moved on meanwhile still shows this payment.
      if (!failed) await this.orderCaches.invalidate(order.userId, tx);
    });
    throw OrderPaymentFailed(message);
  }
}
