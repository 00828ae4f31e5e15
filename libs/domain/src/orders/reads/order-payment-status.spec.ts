import { expect } from 'chai';
import { ORDER_STATUSES } from '@platform/db';
import { orderPaymentStatus, orderStatusesWithPaymentStatus } from './order-payment-status';

describe('orderPaymentStatus', () => {
  it('shows created and payment_pending as pending, paid and the refund states as completed, payment_failed and cancelled as failed', () => {
    expect(orderStatusesWithPaymentStatus('pending')).to.have.members(['created', 'payment_pending']);
    expect(orderStatusesWithPaymentStatus('completed')).to.have.members([
      'paid',
      'refund_requested',
      'refund_pending',
      'refund_approved',
      'refund_rejected',
    ]);
    expect(orderStatusesWithPaymentStatus('failed')).to.have.members(['payment_failed', 'cancelled']);
    for (const status of ORDER_STATUSES) expect(orderPaymentStatus(status)).to.be.oneOf(['pending', 'completed', 'failed']);
  });
});
