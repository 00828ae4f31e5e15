export { AdminOrdersService } from './admin-orders.service';
export { AddOrderNoteUseCase } from './use-cases/add-order-note.use-case';
export { SettleOwedRefundUseCase } from './use-cases/settle-owed-refund.use-case';
export { AdminOrderNotFound } from './admin-orders.errors';
export { AdminOrderQueryDto, ADMIN_ORDER_SORTS } from './dto/admin-order-query.dto';
export type { AdminOrderSort } from './dto/admin-order-query.dto';
export { AddNoteDto } from './dto/add-note.dto';
export { SettleRefundDto } from './dto/settle-refund.dto';
export { adminOrderWhere, adminOrderListQuery, adminOrderCountQuery } from './admin-order-list.sql';
export type { AdminOrderFilter, AdminOrderListWindow, AdminOrderSql } from './admin-order-list.sql';
export type {
  OrderAdminListItemView,
  OrderAdminDetailView,
  OrderAdminNoteView,
  OrderAdminNoteResponseView,
  OrderAdminPaymentView,
  OrderAdminStatusHistoryView,
} from './admin-order.views';
export { ORDER_ADMIN_LIST_ITEM_SCHEMA, ORDER_ADMIN_DETAIL_SCHEMA, ORDER_ADMIN_NOTE_SCHEMA } from './admin-order-view.schema';
