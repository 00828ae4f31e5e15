import { expect } from 'chai';
import { loggedUrl } from './request-logging';

describe('request logging', () => {
  it('redacts the token query parameter (the payment result token) in logged URLs', () => {
    expect(loggedUrl('/api/payments/result?payment_status=success&payment_id=7&token=abcDEF_123&next=x')).to.equal(
      '/api/payments/result?payment_status=success&payment_id=7&token=[redacted]&next=x',
    );
    expect(loggedUrl('/api/payments/7/status?token=abc')).to.equal('/api/payments/7/status?token=[redacted]');
    expect(loggedUrl('/api/courses?tokenized=1&page=2')).to.equal('/api/courses?tokenized=1&page=2');
  });
});
