import { expect } from 'chai';
import { startStubGateway, unusedAddress } from '@platform/testing';
import { initiateKhalti, lookupKhalti } from './khalti.gateway';

const SECRET = 'live_secret_key_for_tests_only';
const INPUT = {
  amountPaisa: 150_000,
  purchaseOrderId: 'ORD-1',
  purchaseOrderName: 'Course',
  returnUrl: 'http://localhost:3002/api/payments/redirect/1/success',
  websiteUrl: 'http://localhost:3002',
};

describe('Khalti gateway client', () => {
  it('posts the initiate body with the key header to {base}/epayment/initiate/ and returns the session', async () => {
    let seen: { url?: string; authorization?: string; body?: unknown } = {};
    const stub = await startStubGateway((req, res, body) => {
      seen = { url: req.url, authorization: req.headers.authorization, body: JSON.parse(body) };
      res.end(JSON.stringify({ pidx: 'P1', payment_url: 'https://pay.example/?pidx=P1', expires_at: '2030-01-01T00:00:00Z', expires_in: 1800 }));
    });
    try {
      const result = await initiateKhalti(INPUT, { secretKey: SECRET, baseUrl: `${stub.url}/api/v2/` });
      expect(seen).to.deep.equal({
        url: '/api/v2/epayment/initiate/',
        authorization: `Key ${SECRET}`,
        body: {
          return_url: INPUT.returnUrl,
          website_url: INPUT.websiteUrl,
          amount: 150_000,
          purchase_order_id: 'ORD-1',
          purchase_order_name: 'Course',
        },
      });
      expect(result).to.deep.equal({
        ok: true,
        value: { pidx: 'P1', paymentUrl: 'https://pay.example/?pidx=P1', expiresAt: '2030-01-01T00:00:00Z', expiresInSeconds: 1800 },
      });
    } finally {
      await stub.close();
    }
  });

  it("reports a refusal in the gateway's words and never with the secret, even when echoed", async () => {
    const stub = await startStubGateway((req, res) => {
      res.writeHead(400).end(JSON.stringify({ amount: [`bad amount for ${req.headers.authorization}`], error_key: 'validation_error' }));
    });
    try {
      const result = await initiateKhalti(INPUT, { secretKey: SECRET, baseUrl: stub.url });
      expect(result).to.deep.include({ ok: false, reason: 'rejected', httpStatus: 400 });
      expect(result.ok || result.message).to.include('amount: bad amount for Key [redacted]').and.not.include(SECRET);
    } finally {
      await stub.close();
    }
  });

  it('reads lookups answered with HTTP 400 (canceled, expired) as statuses, not as errors', async () => {
    const stub = await startStubGateway((_req, res, body) => {
      const { pidx } = JSON.parse(body);
      res.writeHead(400).end(JSON.stringify({ pidx, total_amount: 150_000, status: 'User canceled', transaction_id: null, fee: 0, refunded: false }));
    });
    try {
      const result = await lookupKhalti('P1', { secretKey: SECRET, baseUrl: stub.url });
      expect(result).to.deep.equal({
        ok: true,
        value: { pidx: 'P1', status: 'User canceled', totalAmount: 150_000, transactionId: null, fee: 0, refunded: false },
      });
    } finally {
      await stub.close();
    }
  });

  it('refuses a lookup answer about another pidx or with an unknown status', async () => {
    const stub = await startStubGateway((req, res) => {
      const status = req.url?.includes('odd') ? 'Paid' : 'Completed';
      res.end(JSON.stringify({ pidx: 'OTHER', total_amount: 150_000, status, transaction_id: 'T', fee: 0, refunded: false }));
    });
    try {
      expect(await lookupKhalti('P1', { secretKey: SECRET, baseUrl: stub.url })).to.include({ ok: false, reason: 'invalid_response' });
      expect(await lookupKhalti('P1', { secretKey: SECRET, baseUrl: `${stub.url}/odd` })).to.include({ ok: false, reason: 'invalid_response' });
    } finally {
      await stub.close();
    }
  });

  it('reports a gateway that is not listening, or too slow, as unreachable', async () => {
    const closed = await unusedAddress();
    expect(await initiateKhalti(INPUT, { secretKey: SECRET, baseUrl: closed })).to.include({ ok: false, reason: 'unreachable' });
    const silent = await startStubGateway(() => undefined);
    try {
      const result = await lookupKhalti('P1', { secretKey: SECRET, baseUrl: silent.url, timeoutMs: 150 });
      expect(result).to.include({ ok: false, reason: 'unreachable' });
    } finally {
      await silent.close();
    }
  });
});
