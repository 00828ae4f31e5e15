import { randomUUID } from 'node:crypto';
import { Service } from 'typedi';
import type { OrderItemModel, OrderModel, OrderSource, OrderType, PaymentGateway, PaymentModel, Transaction } from '@platform/db';
import { KHALTI_MIN_AMOUNT_PAISA, KHALTI_PIDX_PLACEHOLDER_PREFIX, khaltiAcceptsAmount } from '../../payments';
import { RedeemPromotionUseCase } from '../../promotions';
import type { CustomerActor } from '../../shared';
import { OrderFulfilmentService } from '../fulfilment/order-fulfilment.service';
import { OrderBelowKhaltiMinimum, OrderNothingToPay } from './checkout.errors';
import { newOrderNumber } from './order-number';
import { PlacedOrderRepository, PlacedOrderRows } from './placed-order.repository';

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
 * Everything is decided before the rows are written, in one statement (PlacedOrderRepository).
 */
@Service()
export class OrderWriter {
  constructor(
    private readonly orders: PlacedOrderRepository,
    private readonly redeem: RedeemPromotionUseCase,
    private readonly fulfilment: OrderFulfilmentService,
  ) {}

  async write(draft: OrderDraft, tx: Transaction, at: Date): Promise<WrittenOrder> {
    this.fulfilment.assertFulfillable(draft.lines.map((line) => line.productType));
    const mrpTotal = sum(draft.lines.map((line) => line.unitMrpPaisa * line.quantity));
    const subtotal = sum(draft.lines.map((line) => line.unitSpPaisa * line.quantity));

    // The code's use names the order, so a code draws the order's id before the order is written.
    let orderId: number | null = null;
    let promotion: { id: number; code: string } | null = null;
    let discounts = draft.lines.map(() => 0);
    if (draft.promoCode !== null) {
      orderId = await this.orders.nextOrderId(tx);
      const redeemed = await this.redeem.execute(
        {
          code: draft.promoCode,
          userId: draft.owner.id,
          reference: `order:${orderId}`,
          lines: draft.lines.map((line) => ({ productId: line.productId, pricePaisa: line.unitSpPaisa * line.quantity })),
          at,
        },
        tx,
      );
      promotion = { id: redeemed.promotion.id, code: redeemed.promotion.code };
      const eligible = draft.lines.map((line) => redeemed.promotion.productId === null || redeemed.promotion.productId === line.productId);
      discounts = allocateDiscount(redeemed.discountPaisa, draft.lines, eligible);
    }
    const discount = sum(discounts);
    const total = subtotal - discount;
    const free = total <= 0;
    if (free && !draft.allowFree) throw OrderNothingToPay();
    if (!free && draft.gateway === 'khalti' && !khaltiAcceptsAmount(total)) throw OrderBelowKhaltiMinimum(KHALTI_MIN_AMOUNT_PAISA, total);

    const lines = draft.lines.map((line, index) => ({
      ...line,
      discountPaisa: discounts[index],
      lineTotalPaisa: line.unitSpPaisa * line.quantity - discounts[index],
    }));
    const rows: Omit<PlacedOrderRows, 'orderNumber'> = {
      id: orderId,
      userId: draft.owner.id,
      type: draft.type ?? 'digital',
      source: draft.source,
      mrpTotalPaisa: mrpTotal,
      subtotalPaisa: subtotal,
      discountPaisa: discount,
      totalPaisa: total,
      promotionId: promotion?.id ?? null,
      promotionCode: promotion?.code ?? null,
      cartId: draft.cartId,
      gateway: draft.gateway,
      returnUrl: draft.returnUrl,
      lines,
      historyNotes: [`Order placed (${draft.source})`, free ? 'Nothing to pay' : `Payment initiated with ${draft.gateway}`],
      actor: { actorType: 'customer', createdByCustomerId: draft.owner.id, createdByAdminId: null },
      // eSewa: our transaction_uuid. Khalti: a placeholder until initiate returns the pidx.
      paymentTransactionId: free ? null : draft.gateway === 'esewa' ? randomUUID() : `${KHALTI_PIDX_PLACEHOLDER_PREFIX}${randomUUID()}`,
      at: new Date(),
    };
    return this.insertWithFreeNumber(rows, tx, at);
  }

  /** Draws order numbers until one is free (a taken one writes nothing). */
  private async insertWithFreeNumber(rows: Omit<PlacedOrderRows, 'orderNumber'>, tx: Transaction, at: Date) {
    for (let attempt = 1; ; attempt++) {
      const orderNumber = newOrderNumber(at);
      const written = await this.orders.insert({ ...rows, orderNumber }, tx);
      if (written !== null) return written;
      if (attempt >= ORDER_NUMBER_ATTEMPTS) throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
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
