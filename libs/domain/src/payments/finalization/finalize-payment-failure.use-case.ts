import { Inject, Service } from 'typedi';
import { Database, Op, OrderModel, OrderStatusHistoryModel, PaymentModel } from '@platform/db';
import type { Logger } from '@platform/observability';
import { OrderCaches } from '../../orders/reads/order-caches.service';
import { LOGGER } from '../../shared';
import { PaymentEvents } from './payment-events.service';
import { PaymentRecords } from './payment-records.service';
import { PaymentVerifiers } from './payment-verifiers.service';

export interface FinalizePaymentFailureInput {
  orderId: number;
  paymentId: number;
  reason?: string;
}

export type FinalizePaymentFailureResult = 'payment_failed' | 'already_final' | 'gateway_completed' | 'not_found';

/**
 * Job order.payment_failed (learning-commerce.md, "States and transitions → Order"): the guarded
 * transition `payment_pending → payment_failed`, a history row and ORDER_PAYMENT_FAILED after
 * commit. A failure callback proves nothing (anyone can open the failure URL), so the gateway is
 * asked first: when it says the money moved, the order is left for the success callback. After
 * `paid` (or any other state) nothing changes. An unreachable gateway throws (bull retries).
 */
@Service()
export class FinalizePaymentFailureUseCase {
  constructor(
    private readonly db: Database,
    private readonly records: PaymentRecords,
    private readonly verifiers: PaymentVerifiers,
    private readonly events: PaymentEvents,
    private readonly orderCaches: OrderCaches,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(input: FinalizePaymentFailureInput): Promise<FinalizePaymentFailureResult> {
    const context = await this.records.context(input.paymentId, input.orderId);
    if (!context) return 'not_found';
    if (context.order.status !== 'payment_pending') return 'already_final';
    if ((await this.verifiers.for(context.payment.gateway).state(context)) === 'completed') {
      this.logger.warn({ orderId: input.orderId, paymentId: input.paymentId }, 'failure callback for a payment the gateway reports completed; order left as it is');
      return 'gateway_completed';
    }
    const reason = (input.reason ?? `Payment failed at ${context.payment.gateway}`).slice(0, 500);
    return this.db.transaction(async (tx) => {
      const [count, rows] = await OrderModel.update(
        { status: 'payment_failed' },
        { where: { id: input.orderId, status: 'payment_pending' }, transaction: tx, returning: true },
      );
      if (count === 0) return 'already_final';
      const failed = rows[0];
      await PaymentModel.update(
        { status: 'failed' },
        { where: { id: input.paymentId, status: { [Op.in]: ['initiated', 'pending'] } }, transaction: tx },
      );
      await OrderStatusHistoryModel.create({ orderId: failed.id, status: 'payment_failed', notes: reason, actorType: 'system' }, { transaction: tx });
      await this.events.failed(failed, reason, tx);
      await this.orderCaches.invalidate(failed.userId, tx);
      return 'payment_failed' as const;
    });
  }
}
