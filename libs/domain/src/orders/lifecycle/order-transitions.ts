import type { OrderStatus } from '@platform/db';

/**
 * Every legal status change of an order, as in the `order_transitions` table that the
 * `orders_legal_transition` trigger enforces (migration 0006). The two must list the same pairs:
 * order-transitions.spec.ts compares them, so a change to one without the other fails the build.
 * cancelled, refund_approved and refund_rejected are terminal (learning-commerce.md, "States and
 * transitions → Order").
 */
export const ORDER_TRANSITIONS: { readonly [From in OrderStatus]: readonly OrderStatus[] } = {
  created: ['payment_pending', 'payment_failed', 'cancelled'],
  payment_pending: ['paid', 'payment_failed', 'cancelled'],
  paid: ['refund_requested', 'cancelled'],
  payment_failed: ['cancelled'],
  cancelled: [],
  refund_requested: ['refund_pending', 'refund_approved', 'refund_rejected'],
  refund_pending: ['refund_approved', 'refund_rejected'],
  refund_approved: [],
  refund_rejected: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/**
 * The commands of the order lifecycle and the states each may start from. A command may start
 * from fewer states than the table allows (`created → cancelled` exists for internal use, but the
 * spec's cancel operation starts from payment_pending, paid or payment_failed).
 */
export const ORDER_COMMANDS = {
  cancel: { to: 'cancelled', from: ['payment_pending', 'paid', 'payment_failed'] },
  requestRefund: { to: 'refund_requested', from: ['paid'] },
  markRefundPending: { to: 'refund_pending', from: ['refund_requested'] },
  approveRefund: { to: 'refund_approved', from: ['refund_requested', 'refund_pending'] },
  rejectRefund: { to: 'refund_rejected', from: ['refund_requested', 'refund_pending'] },
} as const satisfies Record<string, { to: OrderStatus; from: readonly OrderStatus[] }>;

export type OrderCommand = keyof typeof ORDER_COMMANDS;

/** Whether `command` may run on an order in `status` now. */
export const commandAllowed = (command: OrderCommand, status: OrderStatus): boolean =>
  (ORDER_COMMANDS[command].from as readonly OrderStatus[]).includes(status);
