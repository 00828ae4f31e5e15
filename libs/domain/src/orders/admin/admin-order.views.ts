import type {
  OrderActorType,
  OrderItemModel,
  OrderNoteModel,
  OrderSource,
  OrderStatus,
  OrderType,
  PaymentGateway,
  PaymentModel,
  PaymentStatus,
  RefundStatus,
} from '@platform/db';
import { OrderPaymentStatus, orderPaymentStatus } from '../reads/order-payment-status';
import { OrderItemView, toOrderItemView } from '../reads/customer-order.views';

/**
 * What an admin sees of an order (OrderAdminListItemDto / OrderAdminDetailDto; the spec names
 * the DTOs and leaves their fields open, admin-order-view.schema.ts documents them). Money is
 * integer paisa; times are ISO strings, so a view read from the cache equals a freshly built one.
 */
export interface OrderAdminListItemView {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: 'online';
  orderType: OrderType;
  source: OrderSource;
  refundStatus: RefundStatus | null;
  subtotalPaisa: number;
  discountPaisa: number;
  /** The amount charged: subtotal − discount. */
  orderTotalPaisa: number;
  gateway: PaymentGateway | null;
  itemCount: number;
  customer: { id: string; fullName: string; email: string; phone: string | null };
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  /** A payment of the order was confirmed after the order stopped being payable, and is not paid back yet. */
  refundOwed: boolean;
}

export interface OrderAdminStatusHistoryView {
  status: string;
  notes: string | null;
  actorType: OrderActorType;
  createdByCustomerId: string | null;
  createdByAdminId: string | null;
  /** A name to show: the customer's full name, the admin's (or their id when no admin row has it), or `system`. */
  createdBy: string;
  createdAt: string;
}

export interface OrderAdminNoteView {
  id: number;
  note: string;
  adminId: string;
  createdAt: string;
}

/** OrderAdminNoteResponseDto. */
export interface OrderAdminNoteResponseView extends OrderAdminNoteView {
  orderId: number;
}

export interface OrderAdminPaymentView {
  id: number;
  gateway: PaymentGateway;
  status: PaymentStatus;
  amountPaisa: number;
  gatewayTransactionId: string;
  gatewayReference: string | null;
  createdAt: string;
  completedAt: string | null;
  refundOwedAt: string | null;
  refundSettledAt: string | null;
}

export interface OrderAdminDetailView extends OrderAdminListItemView {
  mrpTotalPaisa: number;
  promotionCode: string | null;
  returnUrl: string | null;
  cancellationReason: string | null;
  cancelledByActorType: OrderActorType | null;
  refundReason: string | null;
  refundRemarks: string | null;
  refundAdminRemarks: string | null;
  refundAmountPaisa: number | null;
  refundRequestedAt: string | null;
  refundProcessedAt: string | null;
  items: OrderItemView[];
  statusHistory: OrderAdminStatusHistoryView[];
  notes: OrderAdminNoteView[];
  payments: OrderAdminPaymentView[];
}

/** A row of ADMIN_ORDER_COLUMNS (admin-order-list.sql.ts). */
export interface AdminOrderRow {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: 'online';
  orderType: OrderType;
  source: OrderSource;
  refundStatus: RefundStatus | null;
  mrpTotalPaisa: number;
  subtotalPaisa: number;
  discountPaisa: number;
  totalPaisa: number;
  gateway: PaymentGateway | null;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  customerId: string;
  customerFullName: string;
  customerEmail: string;
  customerPhone: string | null;
  itemCount: number;
  refundOwed: boolean;
}

/** A row of the detail's order query: the list columns and the fields only the detail shows. */
export interface AdminOrderDetailRow extends AdminOrderRow {
  promotionCode: string | null;
  returnUrl: string | null;
  cancellationReason: string | null;
  cancelledByActorType: OrderActorType | null;
  refundReason: string | null;
  refundRemarks: string | null;
  refundAdminRemarks: string | null;
  refundAmountPaisa: number | null;
  refundRequestedAt: Date | null;
  refundProcessedAt: Date | null;
}

/** A status history row with the names of its actors (null when no row holds them). */
export interface AdminHistoryRow {
  status: string;
  notes: string | null;
  actorType: OrderActorType;
  createdByCustomerId: string | null;
  createdByAdminId: string | null;
  customerName: string | null;
  adminName: string | null;
  createdAt: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toAdminListItem(row: AdminOrderRow): OrderAdminListItemView {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: orderPaymentStatus(row.status),
    paymentMethod: row.paymentMethod,
    orderType: row.orderType,
    source: row.source,
    refundStatus: row.refundStatus,
    subtotalPaisa: row.subtotalPaisa,
    discountPaisa: row.discountPaisa,
    orderTotalPaisa: row.totalPaisa,
    gateway: row.gateway,
    itemCount: row.itemCount,
    customer: { id: row.customerId, fullName: row.customerFullName, email: row.customerEmail, phone: row.customerPhone },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: iso(row.paidAt),
    cancelledAt: iso(row.cancelledAt),
    refundOwed: row.refundOwed,
  };
}

export const toAdminNote = (note: OrderNoteModel): OrderAdminNoteView => ({
  id: note.id,
  note: note.note,
  adminId: note.adminId,
  createdAt: note.createdAt.toISOString(),
});

export const toAdminNoteResponse = (note: OrderNoteModel): OrderAdminNoteResponseView => ({
  ...toAdminNote(note),
  orderId: note.orderId,
});

export function toAdminDetail(
  row: AdminOrderDetailRow,
  items: OrderItemModel[],
  history: AdminHistoryRow[],
  notes: OrderNoteModel[],
  payments: PaymentModel[],
): OrderAdminDetailView {
  return {
    ...toAdminListItem(row),
    mrpTotalPaisa: row.mrpTotalPaisa,
    promotionCode: row.promotionCode,
    returnUrl: row.returnUrl,
    cancellationReason: row.cancellationReason,
    cancelledByActorType: row.cancelledByActorType,
    refundReason: row.refundReason,
    refundRemarks: row.refundRemarks,
    refundAdminRemarks: row.refundAdminRemarks,
    refundAmountPaisa: row.refundAmountPaisa,
    refundRequestedAt: iso(row.refundRequestedAt),
    refundProcessedAt: iso(row.refundProcessedAt),
    items: items.map(toOrderItemView),
    statusHistory: history.map((entry) => ({
      status: entry.status,
      notes: entry.notes,
      actorType: entry.actorType,
      createdByCustomerId: entry.createdByCustomerId,
      createdByAdminId: entry.createdByAdminId,
      createdBy: actorName(entry),
      createdAt: entry.createdAt.toISOString(),
    })),
    notes: notes.map(toAdminNote),
    payments: payments.map((payment) => ({
      id: payment.id,
      gateway: payment.gateway,
      status: payment.status,
      amountPaisa: payment.amountPaisa,
      gatewayTransactionId: payment.gatewayTransactionId,
      gatewayReference: payment.gatewayReference,
      createdAt: payment.createdAt.toISOString(),
      completedAt: iso(payment.completedAt),
      refundOwedAt: iso(payment.refundOwedAt),
      refundSettledAt: iso(payment.refundSettledAt),
    })),
  };
}

/** Admin tokens may come from an outside identity service (CONTRACT section 4): no admin row, so the id. */
function actorName(entry: AdminHistoryRow): string {
  if (entry.actorType === 'customer') return entry.customerName ?? entry.createdByCustomerId ?? 'customer';
  if (entry.actorType === 'admin') return entry.adminName ?? entry.createdByAdminId ?? 'admin';
  return 'system';
}
