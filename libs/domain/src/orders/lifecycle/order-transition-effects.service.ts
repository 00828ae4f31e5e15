import { Service } from 'typedi';
import type { OrderModel, Transaction } from '@platform/db';
import { PaymentRecords } from '../../payments';
import { ReleasePromotionRedemptionUseCase } from '../../promotions';
import { OrderFulfilmentService } from '../fulfilment/order-fulfilment.service';

/**
 * What a move of an order brings with it, by the state it moved into. OrderTransitionService runs
 * this only in the call that moved the row, in its transaction, so each happens once per order:
 * - paid: every line fulfilled (OrderFulfilmentService, with the handlers' events);
 * - payment_failed, cancelled: the code's use given back (`order:<id>`), open payments closed;
 * - cancelled after payment, refund_approved: the fulfilment revoked and the completed payment
 *   marked refund-owed (refund_approved is the terminal "purchase undone" state, even for a
 *   partial amount: an admin who wants the customer to keep the product rejects the refund).
 */
@Service()
export class OrderTransitionEffectsService {
  constructor(
    private readonly fulfilment: OrderFulfilmentService,
    private readonly releasePromotion: ReleasePromotionRedemptionUseCase,
    private readonly payments: PaymentRecords,
  ) {}

  /** `openPaymentsNote`: see OrderTransition.openPaymentsNote. */
  async afterMove(order: OrderModel, openPaymentsNote: string | undefined, tx: Transaction): Promise<void> {
    switch (order.status) {
      case 'paid':
        await this.fulfilment.fulfil(order, tx);
        return;
      case 'refund_approved':
        await this.fulfilment.revoke(order, 'refund_approved', tx);
        await this.payments.owesRefund(order.id, tx);
        return;
      case 'cancelled':
        // paid_at is set only by the move into paid: an order that has it was paid before.
        if (order.paidAt !== null) await this.fulfilment.revoke(order, 'cancelled', tx);
        await this.close(order, openPaymentsNote, tx);
        await this.payments.owesRefund(order.id, tx);
        return;
      case 'payment_failed':
        await this.close(order, openPaymentsNote, tx);
        return;
      default:
        return;
    }
  }

  private async close(order: OrderModel, openPaymentsNote: string | undefined, tx: Transaction): Promise<void> {
    if (order.promotionId !== null) {
      await this.releasePromotion.execute({ promotionId: order.promotionId, reference: `order:${order.id}` }, tx);
    }
    await this.payments.closeOpen(order.id, openPaymentsNote, tx);
  }
}
