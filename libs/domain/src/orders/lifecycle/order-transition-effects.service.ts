import { Service } from 'typedi';
import type { OrderModel, OrderStatus, Transaction } from '@platform/db';
import { PaymentRecords } from '../../payments';
import { ReleasePromotionRedemptionUseCase } from '../../promotions';
import { OrderFulfilmentService } from '../fulfilment/order-fulfilment.service';

/** States in which the customer holds what was bought (the spec's states after paid, before the purchase is undone). */
const HOLDS_PURCHASE: readonly OrderStatus[] = ['paid', 'refund_requested', 'refund_pending', 'refund_rejected'];
/** States of an order not yet paid nor closed. */
const OPEN_UNPAID: readonly OrderStatus[] = ['created', 'payment_pending'];

/**
 * What a move of an order brings with it, by the state it moved from and into.
 * OrderTransitionService runs this only in the call that moved the row, in its transaction, so
 * each happens once per order:
 * - into paid: every line fulfilled (OrderFulfilmentService, with the handlers' events);
 * - from a state that holds the purchase into cancelled or refund_approved: the fulfilment revoked
 *   and the completed payment marked refund-owed (refund_approved is the terminal "purchase
 *   undone" state, even for a partial amount: an admin who wants the customer to keep the
 *   product rejects the refund);
 * - from an open unpaid state into payment_failed or cancelled (the first close): what was held
 *   for the order released (a training seat); not again on payment_failed → cancelled;
 * - into payment_failed or cancelled: the code's use given back (`order:<id>`), open payments closed.
 */
@Service()
export class OrderTransitionEffectsService {
  constructor(
    private readonly fulfilment: OrderFulfilmentService,
    private readonly releasePromotion: ReleasePromotionRedemptionUseCase,
    private readonly payments: PaymentRecords,
  ) {}

  /** `order` is the moved row (its status the new one); `openPaymentsNote`: see OrderTransition.openPaymentsNote. */
  async afterMove(order: OrderModel, from: OrderStatus, openPaymentsNote: string | undefined, tx: Transaction): Promise<void> {
    const to = order.status;
    if (to === 'paid') await this.fulfilment.fulfil(order, tx);
    if ((to === 'cancelled' || to === 'refund_approved') && HOLDS_PURCHASE.includes(from)) {
      await this.fulfilment.revoke(order, to, tx);
    }
    if ((to === 'cancelled' || to === 'payment_failed') && OPEN_UNPAID.includes(from)) {
      await this.fulfilment.release(order, to, tx);
    }
    if (to === 'cancelled' || to === 'payment_failed') await this.close(order, openPaymentsNote, tx);
    if (to === 'cancelled' || to === 'refund_approved') await this.payments.owesRefund(order.id, tx);
  }

  private async close(order: OrderModel, openPaymentsNote: string | undefined, tx: Transaction): Promise<void> {
    if (order.promotionId !== null) {
      await this.releasePromotion.execute({ promotionId: order.promotionId, reference: `order:${order.id}` }, tx);
    }
    await this.payments.closeOpen(order.id, openPaymentsNote, tx);
  }
}
