import type {
  OrderActorType,
  OrderItemModel,
  OrderModel,
  OrderSource,
  OrderStatus,
  OrderStatusHistoryModel,
  OrderType,
  PaymentGateway,
  PaymentModel,
  PaymentStatus,
} from '@platform/db';
import { OrderPaymentStatus, orderPaymentStatus } from './order-payment-status';

/**
 * What a customer sees of an order (OrderListItemResponseDto / OrderDetailResponseDto; the spec
 * leaves the fields partly open, the schema in customer-order-view.schema.ts documents them).
 * Times are ISO strings so a view read from the cache equals a freshly built one. Never shown:
 * returnUrl, cartId, promotionId, gateway references and verification errors.
 */
export interface OrderListItemView {
  id: number;
  orderNumber: string;
  type: OrderType;
  source: OrderSource;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  /** The amount charged: subtotal − discount, in paisa. */
  orderTotalPaisa: number;
  discountPaisa: number;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface OrderItemView {
  productId: number;
  productType: OrderItemModel['productType'];
  title: string;
  unitMrpPaisa: number;
  unitSpPaisa: number;
  quantity: number;
  discountPaisa: number;
  lineTotalPaisa: number;
}

export interface OrderStatusHistoryView {
  status: string;
  notes: string | null;
  actorType: OrderActorType;
  createdByCustomerId: string | null;
  createdByAdminId: string | null;
  /** Who moved the order: the customer's or admin's id, or `system`. */
  createdBy: string;
  createdAt: string;
}

export interface OrderPaymentView {
  id: number;
  gateway: PaymentGateway;
  status: PaymentStatus;
  amountPaisa: number;
  gatewayTransactionId: string;
  createdAt: string;
  completedAt: string | null;
}

export interface OrderDetailView extends OrderListItemView {
  mrpTotalPaisa: number;
  subtotalPaisa: number;
  promotionCode: string | null;
  refundStatus: OrderModel['refundStatus'];
  paidAt: string | null;
  cancelledAt: string | null;
  items: OrderItemView[];
  statusHistory: OrderStatusHistoryView[];
  payments: OrderPaymentView[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What a list item is made of: an order's own fields (a model, or a row of the list's statement) and its line count. */
export type OrderListSource = Pick<OrderModel, 'id' | 'orderNumber' | 'type' | 'source' | 'status' | 'totalPaisa' | 'discountPaisa' | 'createdAt' | 'updatedAt'>;

export function toOrderListItem(order: OrderListSource, itemCount: number): OrderListItemView {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    source: order.source,
    status: order.status,
    paymentStatus: orderPaymentStatus(order.status),
    orderTotalPaisa: order.totalPaisa,
    discountPaisa: order.discountPaisa,
    itemCount,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toOrderDetail(
  order: OrderModel,
  items: OrderItemModel[],
  history: OrderStatusHistoryModel[],
  payments: PaymentModel[],
): OrderDetailView {
  return {
    ...toOrderListItem(order, items.length),
    mrpTotalPaisa: order.mrpTotalPaisa,
    subtotalPaisa: order.subtotalPaisa,
    promotionCode: order.promotionCode,
    refundStatus: order.refundStatus,
    paidAt: iso(order.paidAt),
    cancelledAt: iso(order.cancelledAt),
    items: items.map(toOrderItemView),
    statusHistory: history.map((entry) => ({
      status: entry.status,
      notes: entry.notes,
      actorType: entry.actorType,
      createdByCustomerId: entry.createdByCustomerId,
      createdByAdminId: entry.createdByAdminId,
      createdBy: entry.createdByCustomerId ?? entry.createdByAdminId ?? 'system',
      createdAt: entry.createdAt.toISOString(),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      gateway: payment.gateway,
      status: payment.status,
      amountPaisa: payment.amountPaisa,
      gatewayTransactionId: payment.gatewayTransactionId,
      createdAt: payment.createdAt.toISOString(),
      completedAt: iso(payment.completedAt),
    })),
  };
}

/** One order line as both the customer and the admin views show it (paisa). */
export function toOrderItemView(item: OrderItemModel): OrderItemView {
  return {
    productId: item.productId,
    productType: item.productType,
    title: item.title,
    unitMrpPaisa: item.unitMrpPaisa,
    unitSpPaisa: item.unitSpPaisa,
    quantity: item.quantity,
    discountPaisa: item.discountPaisa,
    lineTotalPaisa: item.lineTotalPaisa,
  };
}
