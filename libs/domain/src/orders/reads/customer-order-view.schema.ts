import { ORDER_STATUSES } from '@platform/db';
import { ORDER_PAYMENT_STATUSES } from './order-payment-status';

/**
 * JSON schemas of OrderListItemView and OrderDetailView (customer-order.views.ts) for the OpenAPI
 * document: the spec leaves the order DTOs' fields partly open, so clients read them here.
 */
const paisa = (description: string) => ({ type: 'integer', minimum: 0, description: `${description} (integer paisa)` });
const time = (description?: string, nullable = false) => ({ type: 'string', format: 'date-time', nullable, description });

const LIST_ITEM_PROPERTIES = {
  id: { type: 'integer' },
  orderNumber: { type: 'string' },
  type: { type: 'string', enum: ['digital', 'training'] },
  source: { type: 'string', enum: ['checkout', 'buy_now', 'training_enroll', 'admin_manual'] },
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  paymentStatus: {
    type: 'string',
    enum: [...ORDER_PAYMENT_STATUSES],
    description:
      'derived from status: created, payment_pending = pending; paid and the refund states = completed; ' +
      'payment_failed, cancelled = failed',
  },
  orderTotalPaisa: paisa('the amount charged: subtotalPaisa − discountPaisa'),
  discountPaisa: paisa('promotion discount'),
  itemCount: { type: 'integer', description: 'number of order lines' },
  createdAt: time(),
  updatedAt: time('last change of the order'),
};

export const ORDER_LIST_ITEM_SCHEMA = { type: 'object', properties: LIST_ITEM_PROPERTIES };

export const ORDER_DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    ...LIST_ITEM_PROPERTIES,
    mrpTotalPaisa: paisa('sum of the lines\' unitMrpPaisa × quantity'),
    subtotalPaisa: paisa('sum of the lines\' unitSpPaisa × quantity'),
    promotionCode: { type: 'string', nullable: true },
    refundStatus: { type: 'string', nullable: true, enum: ['requested', 'pending', 'approved', 'rejected', null] },
    paidAt: time(undefined, true),
    cancelledAt: time(undefined, true),
    items: {
      type: 'array',
      description: 'price snapshots taken when the order was placed',
      items: {
        type: 'object',
        properties: {
          productId: { type: 'integer' },
          productType: { type: 'string', enum: ['course', 'digital_book', 'training'] },
          title: { type: 'string', description: 'the title when the order was placed' },
          unitMrpPaisa: paisa('mrp snapshot'),
          unitSpPaisa: paisa('selling-price snapshot'),
          quantity: { type: 'integer', minimum: 1 },
          discountPaisa: paisa('share of the discount on this line'),
          lineTotalPaisa: paisa('unitSpPaisa × quantity − discountPaisa'),
        },
      },
    },
    statusHistory: {
      type: 'array',
      description: 'every transition, oldest first (append-only)',
      items: {
        type: 'object',
        properties: {
          status: { type: 'string' },
          notes: { type: 'string', nullable: true },
          actorType: { type: 'string', enum: ['customer', 'admin', 'system'] },
          createdByCustomerId: { type: 'string', format: 'uuid', nullable: true },
          createdByAdminId: { type: 'string', nullable: true },
          createdBy: { type: 'string', description: "the customer's or admin's id, or `system`" },
          createdAt: time(),
        },
      },
    },
    payments: {
      type: 'array',
      description: 'payment attempts, oldest first',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', description: 'the payment_id of the payment result page' },
          gateway: { type: 'string', enum: ['esewa', 'khalti'] },
          status: { type: 'string', enum: ['initiated', 'pending', 'completed', 'failed'] },
          amountPaisa: paisa('amount asked of the gateway'),
          gatewayTransactionId: { type: 'string', description: 'eSewa transaction_uuid or Khalti pidx' },
          createdAt: time(),
          completedAt: time(undefined, true),
        },
      },
    },
  },
};
