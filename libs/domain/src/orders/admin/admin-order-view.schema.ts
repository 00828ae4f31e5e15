import { ORDER_STATUSES } from '@platform/db';
import { ORDER_PAYMENT_STATUSES } from '../reads/order-payment-status';
import { ORDER_TYPES, REFUND_STATUSES } from './dto/admin-order-query.dto';

/**
 * JSON schemas of the admin order views (admin-order.views.ts) for the OpenAPI document: the spec
 * names OrderAdminListItemDto, OrderAdminDetailDto and OrderAdminNoteResponseDto but not their fields.
 */
const paisa = (description: string, nullable = false) => ({
  type: 'integer',
  minimum: 0,
  nullable,
  description: `${description} (integer paisa)`,
});
const time = (description?: string, nullable = false) => ({ type: 'string', format: 'date-time', nullable, description });
const text = (description?: string) => ({ type: 'string', nullable: true, description });
const ACTOR_TYPES = ['customer', 'admin', 'system'];

const LIST_ITEM_PROPERTIES = {
  id: { type: 'integer' },
  orderNumber: { type: 'string' },
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  paymentStatus: {
    type: 'string',
    enum: [...ORDER_PAYMENT_STATUSES],
    description:
      'derived from status: created, payment_pending = pending; paid and the refund states = completed; payment_failed, cancelled = failed',
  },
  paymentMethod: { type: 'string', enum: ['online'] },
  orderType: { type: 'string', enum: [...ORDER_TYPES] },
  source: { type: 'string', enum: ['checkout', 'buy_now', 'training_enroll', 'admin_manual'] },
  refundStatus: { type: 'string', nullable: true, enum: [...REFUND_STATUSES, null] },
  subtotalPaisa: paisa("sum of the lines' unitSpPaisa × quantity"),
  discountPaisa: paisa('promotion discount'),
  orderTotalPaisa: paisa('the amount charged: subtotalPaisa − discountPaisa'),
  gateway: { type: 'string', nullable: true, enum: ['esewa', 'khalti', null] },
  itemCount: { type: 'integer', description: 'number of order lines' },
  customer: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      fullName: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string', nullable: true },
    },
  },
  createdAt: time(),
  updatedAt: time('last change of the order'),
  paidAt: time(undefined, true),
  cancelledAt: time(undefined, true),
  refundOwed: {
    type: 'boolean',
    description: 'a payment was confirmed after the order stopped being payable (cancelled, failed) and is not paid back yet',
  },
};

export const ORDER_ADMIN_LIST_ITEM_SCHEMA = { type: 'object', properties: LIST_ITEM_PROPERTIES };

const NOTE_PROPERTIES = {
  id: { type: 'integer' },
  note: { type: 'string' },
  adminId: { type: 'string', description: "the admin token's sub" },
  createdAt: time(),
};

export const ORDER_ADMIN_NOTE_SCHEMA = { type: 'object', properties: { ...NOTE_PROPERTIES, orderId: { type: 'integer' } } };

export const ORDER_ADMIN_DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    ...LIST_ITEM_PROPERTIES,
    mrpTotalPaisa: paisa("sum of the lines' unitMrpPaisa × quantity"),
    promotionCode: text(),
    returnUrl: text('where the payment result page sends the customer'),
    cancellationReason: text(),
    cancelledByActorType: { type: 'string', nullable: true, enum: [...ACTOR_TYPES, null] },
    refundReason: text("the customer's reason"),
    refundRemarks: text("the customer's remarks"),
    refundAdminRemarks: text("the admin's remarks when processing the refund"),
    refundAmountPaisa: paisa('given back (refund_approved only)', true),
    refundRequestedAt: time(undefined, true),
    refundProcessedAt: time(undefined, true),
    items: {
      type: 'array',
      description: 'price snapshots taken when the order was placed',
      items: {
        type: 'object',
        properties: {
          productId: { type: 'integer' },
          productType: { type: 'string', enum: ['course', 'digital_book', 'training'] },
          title: { type: 'string' },
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
          notes: text(),
          actorType: { type: 'string', enum: ACTOR_TYPES },
          createdByCustomerId: { type: 'string', format: 'uuid', nullable: true },
          createdByAdminId: { type: 'string', nullable: true },
          createdBy: {
            type: 'string',
            description: "the customer's full name, the admin's full name (the admin id when no admin account has it), or `system`",
          },
          createdAt: time(),
        },
      },
    },
    notes: { type: 'array', description: 'admin notes, oldest first (append-only)', items: { type: 'object', properties: NOTE_PROPERTIES } },
    payments: {
      type: 'array',
      description: 'payment attempts, oldest first',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          gateway: { type: 'string', enum: ['esewa', 'khalti'] },
          status: { type: 'string', enum: ['initiated', 'pending', 'completed', 'failed'] },
          amountPaisa: paisa('amount asked of the gateway'),
          gatewayTransactionId: { type: 'string', description: 'eSewa transaction_uuid or Khalti pidx' },
          gatewayReference: text("the gateway's reference of a completed payment"),
          createdAt: time(),
          completedAt: time(undefined, true),
          refundOwedAt: time('confirmed for an order that was no longer payable: money to give back', true),
          refundSettledAt: time('the owed refund was recorded as paid back', true),
        },
      },
    },
  },
};
