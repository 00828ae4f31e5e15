import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Database, IdempotencyScope, OrderModel, OrderStatusHistoryModel, PaymentGateway, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { ReleasePromotionRedemptionUseCase } from '../../promotions';
import { CONFIG, CustomerActor, LOGGER } from '../../shared';
import { OrderPaymentFailed, OrderPaymentMethodNotSupported, ReturnUrlNotAllowed } from './checkout.errors';
import { IdempotencyClaim, IdempotentRequests, requestFingerprint } from './idempotency.service';
import { OrderPlacedEvents } from './order-placed.events';
import { OrderDraft, OrderWriter, WrittenOrder } from './order-writer.service';
import type { PaymentInitView } from './payment-init.view';
import { PaymentInitiator } from './payment-initiator.service';
import { isAllowedReturnUrl } from '../../payments/return-url';
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
 * 2. the Idempotency-Key is claimed, or the first answer replayed (IdempotentRequests);
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
    private readonly keys: IdempotentRequests,
    private readonly writer: OrderWriter,
    private readonly initiator: PaymentInitiator,
    private readonly events: OrderPlacedEvents,
    private readonly releasePromotion: ReleasePromotionRedemptionUseCase,
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
    const start = await this.keys.start<PaymentInitView>(owner.id, request.scope, request.idempotencyKey, fingerprint);
    if (start.kind === 'replay') return start.response;

    let placed: { written: WrittenOrder; view: PaymentInitView | null };
    try {
      placed = await this.db.transaction(async (tx) => {
        const written = await this.writer.write(await request.draft(tx, at), tx, at);
        await this.orderCaches.invalidate(owner.id, tx);
        if (payment.gateway !== 'esewa') {
          await this.keys.attach(start.claim, written.order.id, tx);
          return { written, view: null };
        }
        const view = this.initiator.esewa(written.order, written.payment);
        await this.keys.complete(start.claim, view, written.order.id, tx);
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
        await this.keys.complete(claim, started.value, order.id, tx);
        await this.events.record(written, tx);
        // A read since the order was written cached the placeholder in place of the pidx.
        await this.orderCaches.invalidate(order.userId, tx);
      });
      return started.value;
    }
    this.logger.warn({ orderId: order.id, paymentId: payment.id, reason: started.reason, detail: started.message }, 'khalti initiate failed');
    const message = 'The payment could not be started at Khalti; please try again with a new request';
    await this.db.transaction(async (tx) => {
      await payment.update({ status: 'failed', lastVerificationError: started.message.slice(0, 1000) }, { transaction: tx });
      const [moved] = await OrderModel.update(
        { status: 'payment_failed' },
        { where: { id: order.id, status: 'payment_pending' }, transaction: tx },
      );
      if (moved > 0) {
        await OrderStatusHistoryModel.create(
          { orderId: order.id, status: 'payment_failed', notes: 'Khalti payment initiation failed', actorType: 'system' },
          { transaction: tx },
        );
      }
      if (order.promotionId !== null) {
        await this.releasePromotion.execute({ promotionId: order.promotionId, reference: `order:${order.id}` }, tx);
      }
      await this.keys.fail(claim, message, order.id, tx);
      await this.orderCaches.invalidate(order.userId, tx);
    });
    throw OrderPaymentFailed(message);
  }
}
