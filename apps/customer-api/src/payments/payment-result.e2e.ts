import { expect } from 'chai';
import { PaymentStatusService } from '@platform/domain';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, createPendingPayment, forceOrderStatus, isolatedInfrastructure, settlePayment, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const SHOP = 'https://shop.example';
const XSS = `"><script>alert(1)</script><img src=x onerror='alert(2)'>`;

/** The page's meta refresh target (decoded) and its seconds, or null. */
function refreshOf(html: string): { seconds: number; url: string } | null {
  const match = /<meta http-equiv="refresh" content="(\d+);url=([^"]*)">/.exec(html);
  return match ? { seconds: Number(match[1]), url: match[2].replace(/&amp;/g, '&') } : null;
}
const statusOf = (html: string) => /<h1 data-status="([^"]+)">/.exec(html)?.[1];

/** learning-commerce.md, "Payment callbacks": the result page and the state it reads; issue 18. */
describe('Payment result page and payment status (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let tokens: PaymentStatusService;

  before(async () => {
    infra = await isolatedInfrastructure('payment-result', { RETURN_URL_ALLOWED_ORIGINS: SHOP });
    api = await buildTestApp(createCustomerApi, infra);
    tokens = api.app.container.get(PaymentStatusService);
  });
  after(() => closeTestInfrastructure(infra));

  const pending = (returnUrl: string | null = `${SHOP}/orders/done?payment_status=forged#top`) => createPendingPayment(api.app.container, returnUrl);
  const status = (paymentId: number | string, token?: string) => api.http.get(`/api/payments/${paymentId}/status`).query(token === undefined ? {} : { token });
  const page = (query: Record<string, string>) => api.http.get('/api/payments/result').query(query).expect(200);

  describe('GET /api/payments/:paymentId/status', () => {
    it('answers the real state, and only the state, the ids and the allowed returnUrl', async () => {
      const { order, payment } = await pending();
      const token = tokens.token(payment.id);
      const before = await status(payment.id, token).expect(200);
      expect(before.body.data).to.deep.equal({ paymentId: payment.id, orderId: order.id, state: 'pending', returnUrl: `${SHOP}/orders/done?payment_status=forged#top` });
      await settlePayment(order, payment);
      expect((await status(payment.id, token).expect(200)).body.data.state).to.equal('success');
    });

    it('says failed for a closed order and refund_owed for money confirmed after it closed', async () => {
      const { order, payment } = await pending();
      await forceOrderStatus(order.id, { status: 'cancelled', cancelledAt: new Date() });
      expect((await status(payment.id, tokens.token(payment.id)).expect(200)).body.data.state).to.equal('failed');
      await payment.update({ status: 'completed', completedAt: new Date(), refundOwedAt: new Date() });
      expect((await status(payment.id, tokens.token(payment.id)).expect(200)).body.data.state).to.equal('refund_owed');
    });

    it('says success, not refund_owed, for a paid order cancelled later; failed once a late payment\'s refund is settled', async () => {
      const { order, payment } = await pending();
      await settlePayment(order, payment);
      await forceOrderStatus(order.id, { status: 'cancelled', cancelledAt: new Date() });
      await payment.update({ refundOwedAt: new Date() }); // what cancelling a paid order records
      expect((await status(payment.id, tokens.token(payment.id)).expect(200)).body.data.state).to.equal('success');

      const late = await pending();
      await forceOrderStatus(late.order.id, { status: 'cancelled', cancelledAt: new Date() });
      await late.payment.update({ status: 'completed', completedAt: new Date(), refundOwedAt: new Date() });
      expect((await status(late.payment.id, tokens.token(late.payment.id)).expect(200)).body.data.state).to.equal('refund_owed');
      await late.payment.update({ refundSettledAt: new Date() });
      expect((await status(late.payment.id, tokens.token(late.payment.id)).expect(200)).body.data.state).to.equal('failed');
    });

    it('answers the same 404 for a wrong or missing token and an unknown payment', async () => {
      const { payment } = await pending();
      const other = await pending();
      for (const res of [
        await status(payment.id, tokens.token(other.payment.id)),
        await status(payment.id, tokens.token(payment.id).slice(0, -1)),
        await status(payment.id, ''),
        await status(payment.id),
        await status(2_000_000_000, tokens.token(2_000_000_000)),
        await status('99999999999', tokens.token(99_999_999_999)),
      ]) {
        expect(res.status).to.equal(404);
        expect(res.body).to.deep.equal({ message: 'Payment not found', errorCode: 'NOT_FOUND' });
      }
      expect((await status('abc', 'x').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('gives no returnUrl that RETURN_URL_ALLOWED_ORIGINS no longer allows', async () => {
      const { payment } = await pending('https://elsewhere.example/done');
      expect((await status(payment.id, tokens.token(payment.id)).expect(200)).body.data.returnUrl).to.equal(null);
    });
  });

  describe('GET /api/payments/result', () => {
    it('shows pending and polls itself while the payment is pending, without forwarding', async () => {
      const { order, payment } = await pending();
      const token = tokens.token(payment.id);
      const res = await page({ payment_status: 'pending', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id), token });
      expect(res.headers['content-type']).to.match(/^text\/html; charset=utf-8/);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.headers['content-security-policy']).to.include("default-src 'none'").and.not.include('script-src');
      expect(statusOf(res.text)).to.equal('pending');
      expect(refreshOf(res.text)).to.deep.equal({ seconds: 2, url: `/api/payments/result?payment_id=${payment.id}&token=${token}&poll=1` });
      expect(res.text).not.to.match(/<script/i).and.not.include(SHOP);
      expect(statusOf((await page({ payment_id: String(payment.id), token, poll: '30' })).text)).to.equal('still_pending');
    });

    it('never says successful for an unpaid payment, whatever the URL claims', async () => {
      const { order, payment } = await pending();
      const crafted = { payment_status: 'success', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id), next: `${SHOP}/x` };
      for (const query of [crafted, { ...crafted, token: tokens.token(payment.id) }, { ...crafted, token: 'guessed-token' }]) {
        const res = await page(query);
        expect(res.text).not.to.include('Payment successful');
        expect(statusOf(res.text)).to.be.oneOf(['pending', 'unconfirmed']);
        expect(refreshOf(res.text)?.url ?? '').not.to.include(SHOP);
      }
    });

    it("forwards to the order's returnUrl (not next) once paid, with the database's fields", async () => {
      const { order, payment } = await pending();
      await settlePayment(order, payment);
      const res = await page({ payment_status: 'pending', payment_id: String(payment.id), token: tokens.token(payment.id), next: 'https://evil.example/' });
      expect(statusOf(res.text)).to.equal('success');
      const forward = refreshOf(res.text);
      expect(forward?.seconds).to.equal(1);
      const target = new URL(forward?.url as string);
      expect(target.origin + target.pathname + target.hash).to.equal(`${SHOP}/orders/done#top`);
      expect(Object.fromEntries(target.searchParams)).to.deep.equal({ payment_status: 'success', payment_id: String(payment.id), reference_type: 'order', reference_id: String(order.id) });
      expect(res.text).not.to.include('evil.example');
    });

    it('shows failed (and forwards) when the callback said failed while the gateway is still asked', async () => {
      const { payment } = await pending();
      const res = await page({ payment_status: 'failed', payment_id: String(payment.id), token: tokens.token(payment.id) });
      expect(statusOf(res.text)).to.equal('failed');
      expect(new URL(refreshOf(res.text)?.url as string).searchParams.get('payment_status')).to.equal('failed');
    });

    it('does not forward to a returnUrl that is no longer allowed', async () => {
      const { order, payment } = await pending('https://elsewhere.example/done');
      await settlePayment(order, payment);
      const res = await page({ payment_id: String(payment.id), token: tokens.token(payment.id) });
      expect(statusOf(res.text)).to.equal('success');
      expect(refreshOf(res.text)).to.equal(null);
      expect(res.text).not.to.include('elsewhere.example');
    });

    it('refuses a malformed field with 400 VALIDATION_ERROR before echoing anything', async () => {
      for (const name of ['payment_status', 'payment_id', 'reference_type', 'reference_id', 'token']) {
        const refused = await api.http.get('/api/payments/result').query({ payment_status: 'success', [name]: XSS }).expect(400);
        expect(refused.body.errorCode, name).to.equal('VALIDATION_ERROR');
        expect(JSON.stringify(refused.body)).not.to.include('<script');
      }
      expect((await api.http.get('/api/payments/result?payment_status=success&payment_status=failed').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
    });
  });

  describe('GET /api/payments/return-demo', () => {
    it('shows the fields the result page appended, escaped', async () => {
      const res = await api.http.get('/api/payments/return-demo').query({ payment_status: 'success', payment_id: '5', reference_id: XSS }).expect(200);
      expect(res.headers['content-security-policy']).to.include("default-src 'none'");
      expect(res.text).to.include('Back from the payment').and.include('<dt>Payment</dt><dd>5</dd>');
      expect(res.text).not.to.match(/<script|<img/i);
    });
  });
});
