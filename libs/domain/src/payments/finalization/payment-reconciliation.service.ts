import { Service } from 'typedi';
import { Op, OrderModel, PaymentGateway, PaymentModel } from '@platform/db';
import { GatewayUnavailableError, KHALTI_PIDX_PLACEHOLDER_PREFIX, PaymentContext } from './payment-verifier';
import { PaymentVerifiers } from './payment-verifiers.service';

/** What the gateways say about an order's open payments. */
export type ReconciliationVerdict =
  /** A gateway confirmed one of them (amount included), with its reference: the caller settles it. */
  | { kind: 'confirmed'; paymentId: number; context: PaymentContext; reference: string }
  /** None confirmed, and at least one gateway is undecided. */
  | { kind: 'pending'; paymentId: number; detail: string }
  /** None confirmed, and at least one gateway could not be asked. */
  | { kind: 'unreachable'; paymentId: number; detail: string }
  /** Every open payment is, by its gateway's own answer, not completed (or never reached a gateway). */
  | { kind: 'not_completed' };

/**
 * Asks the gateway about each open payment (initiated or pending) of an order, outside any
 * transaction, before anything closes the order (order.auto_cancel): a payer whose browser never
 * came back, or whose gateway took longer than the retries, must not be charged for a cancelled
 * order. It only asks: a confirmed payment is settled by the caller (orders'
 * FinalizePaymentSuccessUseCase.settle), since the payments context never moves an order.
 */
@Service()
export class PaymentReconciliation {
  constructor(private readonly verifiers: PaymentVerifiers) {}

  /**
   * `unreachable` holds the gateways found down during this sweep: they are not asked again (and
   * count as unreachable), so an outage costs one timeout per sweep, not one per order. A gateway
   * found down is added to it.
   */
  async reconcile(orderId: number, unreachable: Set<PaymentGateway> = new Set()): Promise<ReconciliationVerdict> {
    const order = await OrderModel.findByPk(orderId);
    if (!order) return { kind: 'not_completed' };
    const payments = await PaymentModel.findAll({
      where: { orderId, status: { [Op.in]: ['initiated', 'pending'] } },
      order: [['id', 'ASC']],
    });
    let undecided: Extract<ReconciliationVerdict, { kind: 'pending' | 'unreachable' }> | null = null;
    for (const payment of payments) {
      if (payment.gateway === 'khalti' && payment.gatewayTransactionId.startsWith(KHALTI_PIDX_PLACEHOLDER_PREFIX)) continue;
      if (unreachable.has(payment.gateway)) {
        undecided = { kind: 'unreachable', paymentId: payment.id, detail: `${payment.gateway} did not answer earlier in this sweep` };
        continue;
      }
      try {
        const confirmation = await this.verifiers.for(payment.gateway).confirm({ payment, order });
        if (confirmation.kind === 'verified') {
          return { kind: 'confirmed', paymentId: payment.id, context: { payment, order }, reference: confirmation.reference };
        }
        if (confirmation.kind === 'pending' && undecided?.kind !== 'unreachable') {
          undecided = { kind: 'pending', paymentId: payment.id, detail: confirmation.detail };
        }
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        if (error.reason === 'unreachable') unreachable.add(payment.gateway);
        undecided = { kind: 'unreachable', paymentId: payment.id, detail: error.message };
      }
    }
    return undecided ?? { kind: 'not_completed' };
  }
}
