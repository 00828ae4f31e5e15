import { randomUUID } from 'node:crypto';
import { Service } from 'typedi';
import {
  Database,
  isUniqueViolation,
  OrderItemModel,
  OrderModel,
  OrderSource,
  OrderStatusHistoryModel,
  OrderType,
  PaymentGateway,
  PaymentModel,
  Transaction,
} from '@platform/db';
import { KHALTI_MIN_AMOUNT_PAISA, KHALTI_PIDX_PLACEHOLDER_PREFIX, khaltiAcceptsAmount } from '../../payments';
import { RedeemPromotionUseCase } from '../../promotions';
import type { CustomerActor } from '../../shared';
import { OrderFulfilmentService } from '../fulfilment/order-fulfilment.service';
import { OrderBelowKhaltiMinimum, OrderNothingToPay } from './checkout.errors';
import { newOrderNumber } from './order-number';

/** One line to buy, with the prices it is bought at (the order keeps them as its snapshot). */
export interface OrderLineDraft {
  productId: number;
  productType: 'course' | 'digital_book' | 'training';
  title: string;
  unitMrpPaisa: number;
  unitSpPaisa: number;
  quantity: number;
}

export interface OrderDraft {
  owner: CustomerActor;
  source: Extract<OrderSource, 'checkout' | 'buy_now' | 'training_enroll'>;
  /** orders.type; `digital` unless said (a training enrollment's order is `training`). */
  type?: OrderType;
  /**
   * A total of 0 (a free product, a 100% code) is written with no payment row; the caller pays
   * it at once (OrderPlacement's free path). Without it such an order is refused
   * (OrderNothingToPay): checkout and buy-now have no free path.
   */
  allowFree?: boolean;
  cartId: number | null;
  lines: OrderLineDraft[];
  promoCode: string | null;
  gateway: PaymentGateway;
  returnUrl: string;
}

export interface WrittenOrder {
  order: OrderModel;
  items: OrderItemModel[];
  /** Null only for a free order (total 0, `allowFree`): there is nothing to pay at a gateway. */
  payment: PaymentModel | null;
}

const ORDER_NUMBER_ATTEMPTS = 5;

/**
 * Writes a new order inside the caller's transaction (learning-commerce.md, "States and
 * transitions → Order": created → payment_pending by payment initiation): the order with its
 * totals in paisa, one item per line with its monetary snapshot and its share of the discount,
 * the code's use (RedeemPromotionUseCase, under the promotion's row lock, so a single-use code
 * is used once however many checkouts race for it), the history rows `created` and
 * `payment_pending`, and the payment record. The row is inserted in payment_pending at once: the
 * created state lasts only inside this transaction, and the database lets no status change
 * happen outside OrderTransitionService (migration 0013). A code that no longer applies refuses
 * the order (PROMOTION_NOT_APPLICABLE) rather than charging more than the customer was shown; a
 * line no fulfilment handler takes refuses it before anything is written. A total of 0 is
 * refused (OrderNothingToPay) unless the draft allows it (`allowFree`): then no payment is written.
 */
@Service()
export class OrderWriter {
  constructor(
    private readonly db: Database,
    private readonly redeem: RedeemPromotionUseCase,
    private readonly fulfilment: OrderFulfilmentService,
  ) {}

  async write(draft: OrderDraft, tx: Transaction, at: Date): Promise<WrittenOrder> {
    this.fulfilment.assertFulfillable(draft.lines.map((line) => line.productType));
    const mrpTotal = sum(draft.lines.map((line) => line.unitMrpPaisa * line.quantity));
    const subtotal = sum(draft.lines.map((line) => line.unitSpPaisa * line.quantity));
    const order = await this.createOrder(draft, { mrpTotal, subtotal }, tx, at);

    let discounts = draft.lines.map(() => 0);
    if (draft.promoCode !== null) {
      const { promotion, discountPaisa } = await this.redeem.execute(
        {
          code: draft.promoCode,
          userId: draft.owner.id,
          reference: `order:${order.id}`,
          lines: draft.lines.map((line) => ({ productId: line.productId, pricePaisa: line.unitSpPaisa * line.quantity })),
          at,
        },
        tx,
      );
      const eligible = draft.lines.map((line) => promotion.productId === null || promotion.productId === line.productId);
      discounts = allocateDiscount(discountPaisa, draft.lines, eligible);
      order.set({ promotionId: promotion.id, promotionCode: promotion.code, discountPaisa: sum(discounts) });
    }
    order.set({ totalPaisa: order.subtotalPaisa - order.discountPaisa });
    const free = order.totalPaisa <= 0;
    if (free && !draft.allowFree) throw OrderNothingToPay();
    if (!free && draft.gateway === 'khalti' && !khaltiAcceptsAmount(order.totalPaisa)) throw OrderBelowKhaltiMinimum(KHALTI_MIN_AMOUNT_PAISA, order.totalPaisa);
    await order.save({ transaction: tx });

    const items = await OrderItemModel.bulkCreate(
      draft.lines.map((line, index) => ({
        orderId: order.id,
        productId: line.productId,
        productType: line.productType,
        title: line.title,
        unitMrpPaisa: line.unitMrpPaisa,
        unitSpPaisa: line.unitSpPaisa,
        quantity: line.quantity,
        discountPaisa: discounts[index],
        lineTotalPaisa: line.unitSpPaisa * line.quantity - discounts[index],
      })),
      { transaction: tx, returning: true },
    );
    const actor = { actorType: 'customer' as const, createdByCustomerId: draft.owner.id, createdByAdminId: null };
    await OrderStatusHistoryModel.bulkCreate(
      [
        { orderId: order.id, status: 'created', notes: `Order placed (${draft.source})`, ...actor },
        { orderId: order.id, status: 'payment_pending', notes: free ? 'Nothing to pay' : `Payment initiated with ${draft.gateway}`, ...actor },
      ],
      { transaction: tx },
    );
    if (free) return { order, items, payment: null };
    const payment = await PaymentModel.create(
      {
        orderId: order.id,
        gateway: draft.gateway,
        status: 'initiated',
        amountPaisa: order.totalPaisa,
        // eSewa: our transaction_uuid. Khalti: a placeholder until initiate returns the pidx.
        gatewayTransactionId: draft.gateway === 'esewa' ? randomUUID() : `${KHALTI_PIDX_PLACEHOLDER_PREFIX}${randomUUID()}`,
      },
      { transaction: tx },
    );
    return { order, items, payment };
  }

  /** Inserts the order row under a savepoint, drawing a new number after a collision. */
  private async createOrder(draft: OrderDraft, totals: { mrpTotal: number; subtotal: number }, tx: Transaction, at: Date) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.sequelize.transaction({ transaction: tx }, (savepoint) =>
          OrderModel.create(
            {
              orderNumber: newOrderNumber(at),
              userId: draft.owner.id,
              type: draft.type ?? 'digital',
              source: draft.source,
              paymentMethod: 'online',
              status: 'payment_pending',
              mrpTotalPaisa: totals.mrpTotal,
              subtotalPaisa: totals.subtotal,
              discountPaisa: 0,
              totalPaisa: totals.subtotal,
              cartId: draft.cartId,
              gateway: draft.gateway,
              returnUrl: draft.returnUrl,
            },
            { transaction: savepoint },
          ),
        );
      } catch (error) {
        if (attempt >= ORDER_NUMBER_ATTEMPTS || !isUniqueViolation(error, 'orders_order_number_key')) throw error;
      }
    }
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Splits an order-level discount over the eligible lines in proportion to their totals (rounded
 * down), then hands the remaining paisa out one by one in line order, never taking a line below
 * zero. The shares add up to the discount exactly, so refunds can be computed per line.
 */
export function allocateDiscount(discount: number, lines: readonly OrderLineDraft[], eligible: readonly boolean[]): number[] {
  const totals = lines.map((line, index) => (eligible[index] ? line.unitSpPaisa * line.quantity : 0));
  const eligibleTotal = sum(totals);
  if (discount <= 0 || eligibleTotal <= 0) return lines.map(() => 0);
  const capped = Math.min(discount, eligibleTotal);
  const shares = totals.map((total) => Math.floor((capped * total) / eligibleTotal));
  let remaining = capped - sum(shares);
  for (let index = 0; remaining > 0 && index < shares.length; index++) {
    const room = totals[index] - shares[index];
    const extra = Math.min(room, remaining);
    shares[index] += extra;
    remaining -= extra;
  }
  return shares;
}
