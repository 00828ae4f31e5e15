export { CustomerOrderNotFound } from './order-reads.errors';
export { ORDER_PAYMENT_STATUSES, orderPaymentStatus, orderStatusesWithPaymentStatus } from './order-payment-status';
export type { OrderPaymentStatus } from './order-payment-status';
export { CUSTOMER_ORDER_SORTS, CustomerOrderQueryDto } from './dto/customer-order-query.dto';
export type { OrderListItemView, OrderDetailView, OrderItemView, OrderStatusHistoryView, OrderPaymentView } from './customer-order.views';
export { ORDER_LIST_ITEM_SCHEMA, ORDER_DETAIL_SCHEMA } from './customer-order-view.schema';
export { OrderCaches, ORDER_HISTORY_VIEWS, ORDER_ADMIN_VIEWS } from './order-caches.service';
export { CustomerOrdersService } from './customer-orders.service';
