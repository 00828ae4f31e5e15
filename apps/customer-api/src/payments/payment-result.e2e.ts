import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { buildTestApp, closeTestInfrastructure, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

const XSS = `"><script>alert(1)</script><img src=x onerror='alert(2)'>`;

/** The forward target the page announces (meta refresh and link), decoded from its attribute; null when it does not forward. */
function forwardTarget(html: string): string | null {
  const refresh = /<meta http-equiv="refresh" content="1;url=([^"]*)">/.exec(html);
  const link = /<a href="([^"]*)">Continue<\/a>/.exec(html);
  expect(Boolean(refresh), 'refresh and link go together').to.equal(Boolean(link));
  if (!refresh || !link) return null;
  expect(refresh[1]).to.equal(link[1]);
  return refresh[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** learning-commerce.md, "Payment callbacks": GET /api/payments/result; CONTRACT.md section 4. */
describe('Payment result page (customer-api)', () => {
  describe('with RETURN_URL_ALLOWED_ORIGINS=https://shop.example', () => {
    let infra: Infrastructure;
    let api: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure('payment-result', { RETURN_URL_ALLOWED_ORIGINS: 'https://shop.example' });
      api = await buildTestApp(createCustomerApi, infra);
    });
    after(() => closeTestInfrastructure(infra));

    const page = (query: Record<string, string>) => api.http.get('/api/payments/result').query(query);

    it('renders a public HTML page that forwards to next with the payment fields appended', async () => {
      const res = await page({
        payment_status: 'success',
        payment_id: '42',
        reference_type: 'order',
        reference_id: '7',
        next: 'https://shop.example/orders/thanks?tab=1&payment_status=forged#top',
      }).expect(200);
      expect(res.headers['content-type']).to.match(/^text\/html; charset=utf-8/);
      expect(res.headers['cache-control']).to.equal('no-store');
      const csp = res.headers['content-security-policy'];
      expect(csp).to.include("default-src 'none'").and.not.include('script-src').and.not.include('unsafe-inline');
      expect(res.text).to.include('Payment successful');
      const target = new URL(forwardTarget(res.text) as string);
      expect(target.origin + target.pathname + target.hash).to.equal('https://shop.example/orders/thanks#top');
      expect(Object.fromEntries(target.searchParams)).to.deep.equal({
        tab: '1',
        payment_status: 'success',
        payment_id: '42',
        reference_type: 'order',
        reference_id: '7',
      });
      expect(res.text).not.to.match(/<script/i);
    });

    it('shows the failed and pending states too', async () => {
      expect((await page({ payment_status: 'failed', next: 'https://shop.example/' }).expect(200)).text).to.include('Payment failed');
      const pending = await page({ payment_status: 'pending', payment_id: '9', reference_type: 'training_enrollment', reference_id: '3' }).expect(200);
      expect(pending.text).to.include('Payment pending').and.include('<dt>Enrollment</dt><dd>3</dd>');
      expect(forwardTarget(pending.text)).to.equal(null);
    });

    for (const next of [
      'https://evil.example/steal',
      'https://shop.example.evil.example/',
      'https://shop.example@evil.example/',
      'http://shop.example/', // another scheme is another origin
      '//evil.example/path',
      '/relative/path',
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)//https://shop.example/',
      'data:text/html,<script>alert(1)</script>',
      'not a url',
    ]) {
      it(`does not forward to (nor show) next=${next}`, async () => {
        const res = await page({ payment_status: 'success', payment_id: '1', next }).expect(200);
        expect(forwardTarget(res.text)).to.equal(null);
        expect(res.text).not.to.include('evil.example').and.not.match(/javascript:|data:text/i).and.not.include('relative/path');
        expect(res.text).to.include('Payment successful');
      });
    }

    it('escapes an XSS attempt in every parameter (or refuses the parameter)', async () => {
      // next on the allowed origin: the payload is carried percent-encoded, and the attribute escaped.
      const res = await page({ payment_status: 'success', next: `https://shop.example/back?x=${XSS}` }).expect(200);
      expect(res.text).not.to.match(/<script|<img|onerror='/i);
      const target = forwardTarget(res.text) as string;
      expect(new URL(target).searchParams.get('x')).to.equal(XSS);
      expect(target).not.to.include('"').and.not.include('<');

      // The other fields are validated: a payload is refused with 400 before anything is echoed.
      for (const name of ['payment_status', 'payment_id', 'reference_type', 'reference_id']) {
        const refused = await page({ payment_status: 'success', [name]: XSS }).expect(400);
        expect(refused.body.errorCode, name).to.equal('VALIDATION_ERROR');
        expect(JSON.stringify(refused.body)).not.to.include('<script');
      }
    });

    it('refuses a missing or unknown payment_status, malformed ids and a repeated field with 400 VALIDATION_ERROR', async () => {
      for (const query of [
        '',
        '?payment_status=ok',
        '?payment_status=success&payment_id=1.5',
        '?payment_status=success&reference_id=-3',
        '?payment_status=success&reference_type=subscription',
        '?payment_status=success&payment_status=failed',
      ]) {
        const res = await api.http.get(`/api/payments/result${query}`).expect(400);
        expect(res.body.errorCode, query).to.equal('VALIDATION_ERROR');
      }
    });

    it('ignores empty optional fields and unknown parameters', async () => {
      const res = await page({ payment_status: 'failed', payment_id: '', reference_id: '', utm_source: '<b>x</b>', next: 'https://shop.example/r' }).expect(200);
      expect(Object.fromEntries(new URL(forwardTarget(res.text) as string).searchParams)).to.deep.equal({ payment_status: 'failed' });
      expect(res.text).not.to.include('<b>x</b>');
    });
  });

  describe('with RETURN_URL_ALLOWED_ORIGINS=* (outside production)', () => {
    let api: TestApp;

    before(async () => {
      api = await buildTestApp(createCustomerApi);
    });

    it('forwards to any http(s) origin but still never to javascript: or data: URLs', async () => {
      const res = await api.http.get('/api/payments/result').query({ payment_status: 'pending', next: 'http://localhost:4200/cb' }).expect(200);
      expect(forwardTarget(res.text)).to.equal('http://localhost:4200/cb?payment_status=pending');
      for (const next of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://files.example/x']) {
        const refused = await api.http.get('/api/payments/result').query({ payment_status: 'pending', next }).expect(200);
        expect(forwardTarget(refused.text), next).to.equal(null);
      }
    });
  });
});
