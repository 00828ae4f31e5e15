import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Database, IdempotencyScope, PaymentGateway, PaymentModel, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { CONFIG, CustomerActor, IdempotencyClaim, IdempotencyKeysService, IdempotencyReference, LOGGER, requestFingerprint } from '../../shared';
import { ORDER_IDEMPOTENCY_ERRORS, OrderPaymentFailed, OrderPaymentMethodNotSupported, ReturnUrlNotAllowed } from './checkout.errors';
import { OrderPlacedEvents } from './order-placed.events';
import { OrderDraft, OrderWriter, WrittenOrder } from './order-writer.service';
import type { FreeOrderView, PaymentInitView } from './payment-init.view';
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
  scope: Extract<IdempotencyScope, 'checkout' | 'buy_now' | 'training_enroll'>;
  idempotencyKey: string | undefined;
  payment: PaymentChoice;
  /** Everything else the request asked for, part of the key's fingerprint. */
  fingerprint: Record<string, unknown>;
  /** Reads (and locks) what is bought, inside the order transaction. */
  draft: (tx: Transaction, at: Date) => Promise<OrderDraft>;
}

/** What a context that sells through orders adds to the written order, in its transaction. */
export interface PlacementExtension<A extends object> {
  /** What the idempotency key names instead of the order (e.g. `{ type: 'training_enrollment', id }`). */
  reference: IdempotencyReference;
  /** Fields added to (or replacing) the answer's, e.g. `{ enrollmentId }`. */
  answer: A;
}

export interface ExtendedPlacementRequest<A extends object> extends PlacementRequest {
  /**
   * Runs in the order's transaction right after the order (and its payment) is written, before a
   * free order is paid: the caller writes what hangs on the order (a training enrollment).
   */
  afterWrite: (written: WrittenOrder, tx: Transaction) => Promise<PlacementExtension<A>>;
}

/** The answer of a placement: a payment to start, or (free orders only) an order already paid. */
export type PlacementView<A extends object> = (PaymentInitView | FreeOrderView) & A;

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
 *
 * placeExtended (training enrollment) adds an `afterWrite` hook in the order transaction, an
 * idempotency reference of the caller's, and a free path: an order whose total is 0 (allowed by
 * its draft) gets no payment and no gateway; it is moved payment_pending → paid through
 * OrderTransitionService in the same transaction (actor system), so its fulfilment runs exactly as
 * for a paid order, and answers a FreeOrderView.
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

  /** Checkout and buy-now: always a payment to start (their drafts never allow a free order). */
  async place(request: PlacementRequest, at = new Date()): Promise<PaymentInitView> {
    const view = await this.run<Record<never, never>>(request, null, at);
    if (view.initiationType === 'none') throw new Error('a free order was placed without allowFree');
    return view;
  }

  /** A placement with the caller's afterWrite hook, reference and answer fields (and the free path). */
  placeExtended<A extends object>(request: ExtendedPlacementRequest<A>, at = new Date()): Promise<PlacementView<A>> {
    return this.run(request, request.afterWrite, at);
  }

  private async run<A extends object>(
    request: PlacementRequest,
    afterWrite: ExtendedPlacementRequest<A>['afterWrite'] | null,
    at: Date,
  ): Promise<PlacementView<A>> {
    const { owner, payment } = request;
    if (payment.paymentMethod !== undefined && payment.paymentMethod !== 'online') throw OrderPaymentMethodNotSupported();
    if (!isAllowedReturnUrl(payment.returnUrl, { allowedOrigins: this.config.payments.returnUrlAllowedOrigins, isProduction: this.config.isProduction })) {
      throw ReturnUrlNotAllowed();
    }
    const fingerprint = requestFingerprint({ ...request.fingerprint, gateway: payment.gateway, returnUrl: payment.returnUrl });
    const start = await this.keys.start<PlacementView<A>>({
      actor: owner,
      scope: request.scope,
      key: request.idempotencyKey,
      fingerprint,
      errors: ORDER_IDEMPOTENCY_ERRORS,
    });
    if (start.kind === 'replay') return start.response;

    let placed: { written: WrittenOrder; extension: PlacementExtension<A>; view: PlacementView<A> | null };
    try {
      placed = await this.db.transaction(async (tx) => {
        const written = await this.writer.write(await request.draft(tx, at), tx, at);
        const extension = afterWrite ? await afterWrite(written, tx) : { reference: { type: 'order', id: written.order.id }, answer: {} as A };
        await this.orderCaches.invalidate(owner.id, tx);
        if (written.payment === null) {
          const view = { ...(await this.payFree(written, tx)), ...extension.answer };
          await this.keys.complete(start.claim, view, extension.reference, tx);
          return { written, extension, view };
        }
        if (payment.gateway !== 'esewa') {
          await this.keys.attach(start.claim, extension.reference, tx);
          return { written, extension, view: null };
        }
        const view = { ...this.initiator.esewa(written.order, written.payment), ...extension.answer };
        await this.keys.complete(start.claim, view, extension.reference, tx);
        await this.events.record(written, tx);
        return { written, extension, view };
      });
    } catch (error) {
      await this.keys.release(start.claim).catch((err) => this.logger.error({ err }, 'could not release an idempotency key'));
      throw error;
    }
    return placed.view ?? this.startKhalti(start.claim, placed.written, placed.extension);
  }

  /** A free order is paid at once, through the one transition (its fulfilment runs as for a paid order). */
  private async payFree({ order }: WrittenOrder, tx: Transaction): Promise<FreeOrderView> {
    const paid = await this.transitions.apply(
      { orderId: order.id, to: 'paid', from: ['payment_pending'], actor: { type: 'system' }, notes: 'free enrollment' },
      tx,
    );
    if (!paid) throw new Error(`free order ${order.id} could not be paid`);
    return { orderId: order.id, status: 'paid', paymentId: null, gatewayTransactionId: null, initiationType: 'none', redirectUrl: null, gatewayPayload: {} };
  }

  private async startKhalti<A extends object>(claim: IdempotencyClaim, written: WrittenOrder, extension: PlacementExtension<A>): Promise<PlacementView<A>> {
    const { order, items } = written;
    const payment = written.payment as PaymentModel;
    const name = items.length === 1 ? items[0].title : `${items[0].title} and ${items.length - 1} more`;
    const started = await this.initiator.khalti(order, payment, name);
    if (started.ok) {
      const view = { ...started.value, ...extension.answer };
      await this.db.transaction(async (tx) => {
        await payment.update({ gatewayTransactionId: started.value.gatewayTransactionId }, { transaction: tx });
        await this.keys.complete(claim, view, extension.reference, tx);
        await this.events.record(written, tx);
        // A read since the order was written cached the placeholder in place of the pidx.
        await this.orderCaches.invalidate(order.userId, tx);
      });
      return view;
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
      await this.keys.fail(claim, message, extension.reference, tx);
      // The transition invalidated the caches; an order that had moved on meanwhile still shows this payment.
      if (!failed) await this.orderCaches.invalidate(order.userId, tx);
    });
    throw OrderPaymentFailed(message);
  }
}
