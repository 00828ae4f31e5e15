import { expect } from 'chai';
import { buildTestApp, TestApp } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/** CONTRACT section 4: a payment callback answers 302 to the result page whatever body it is sent, never 4xx. */
describe('Payment callbacks: bodies of any type (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const postCallback = (type: string, body: string | Buffer) =>
    api.http.post('/api/payments/redirect/1/success').set('Content-Type', type).send(body).redirects(0);

  it('redirects to the result page for a body sent as text/plain or application/octet-stream (no 415)', async () => {
    for (const type of ['text/plain', 'application/octet-stream', 'application/xml']) {
      const res = await postCallback(type, Buffer.from('pidx=x&status=Completed'));
      expect(res.status, `${type}: ${res.text}`).to.equal(302);
      expect(new URL(res.headers['location'], 'http://customer-api.test').pathname).to.equal('/api/payments/result');
    }
  });

  it('redirects with failed for a JSON body the API refuses elsewhere (another charset, too deep)', async () => {
    const deep = `{"a":${'['.repeat(100)}${']'.repeat(100)}}`;
    for (const [type, body] of [
      ['application/json; charset=utf-16le', Buffer.from('{"pidx":"x"}', 'utf16le')],
      ['application/json', deep],
    ] as const) {
      const res = await postCallback(type, body);
      expect(res.status, `${type}: ${res.text}`).to.equal(302);
      expect(new URL(res.headers['location'], 'http://customer-api.test').searchParams.get('payment_status')).to.equal('failed');
    }
  });
});
