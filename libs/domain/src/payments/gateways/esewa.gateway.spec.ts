import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { startStubGateway, unusedAddress } from '@platform/testing';
import { paisaToRupees, rupeesToPaisa } from './esewa-amount';
import { buildEsewaForm, checkEsewaStatus, decodeEsewaCallback } from './esewa.gateway';

const CONFIG = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q', formUrl: 'http://127.0.0.1:1/form', statusUrl: 'http://127.0.0.1:1/status/' };

describe('eSewa gateway client', () => {
  describe('amounts', () => {
    it('writes paisa as rupees with two decimals', () => {
      expect([199900, 199999, 5, 100, 0].map(paisaToRupees)).to.deep.equal(['1999.00', '1999.99', '0.05', '1.00', '0.00']);
    });

    it('reads the rupee shapes eSewa uses and nothing else', () => {
      expect(['1999', '1999.0', '1999.00', '1999.5', '1,999.50', '0.05', '10.500'].map(rupeesToPaisa)).to.deep.equal([
        199900, 199900, 199900, 199950, 199950, 5, 1050,
      ]);
      for (const bad of ['', '-1', '1e3', '19.999', '1,99.00', ' 1', '1.', '.5', 'NaN']) expect(rupeesToPaisa(bad), bad).to.equal(null);
    });

    it('reads Indian (lakh/crore) digit grouping, as written in Nepal, and refuses misplaced separators (review L6)', () => {
      expect(['1,00,000.0', '10,00,000', '1,00,00,000.50', '12,34,567.89', '1,000,000.0'].map(rupeesToPaisa)).to.deep.equal([
        10_000_000, 100_000_000, 1_000_000_050, 123_456_789, 100_000_000,
      ]);
      for (const bad of ['1,00,00', '100,00,000', '1,0,000', '1,00,000,00', ',100', '1,,000']) expect(rupeesToPaisa(bad), bad).to.equal(null);
    });
  });

  describe(buildEsewaForm.name, () => {
    const form = buildEsewaForm(
      { totalPaisa: 199900, transactionUuid: 'pay-7-1', successUrl: 'http://localhost:3002/s', failureUrl: 'http://localhost:3002/f' },
      CONFIG,
    );

    it('gives the eleven string fields with the total in rupees and no tax or charges', () => {
      expect(form).to.deep.equal({
        amount: '1999.00',
        tax_amount: '0',
        total_amount: '1999.00',
        transaction_uuid: 'pay-7-1',
        product_code: 'EPAYTEST',
        product_service_charge: '0',
        product_delivery_charge: '0',
        success_url: 'http://localhost:3002/s',
        failure_url: 'http://localhost:3002/f',
        signed_field_names: 'total_amount,transaction_uuid,product_code',
        signature: createHmac('sha256', CONFIG.secretKey)
          .update('total_amount=1999.00,transaction_uuid=pay-7-1,product_code=EPAYTEST')
          .digest('base64'),
      });
    });

    it('refuses a transaction uuid that could change the signed message, and a non-positive amount', () => {
      const input = { totalPaisa: 100, transactionUuid: 'a,b', successUrl: 's', failureUrl: 'f' };
      expect(() => buildEsewaForm(input, CONFIG)).to.throw(RangeError);
      expect(() => buildEsewaForm({ ...input, transactionUuid: 'ok', totalPaisa: 0 }, CONFIG)).to.throw(RangeError);
      expect(() => buildEsewaForm({ ...input, transactionUuid: 'ok', totalPaisa: 10.5 }, CONFIG)).to.throw(RangeError);
    });
  });

  describe(decodeEsewaCallback.name, () => {
    const json =
      '{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":1999.0,"transaction_uuid":"pay-7-1",' +
      '"product_code":"EPAYTEST","signed_field_names":"a","signature":"s+/="}';
    const base64 = Buffer.from(json).toString('base64');

    it('decodes the base64 JSON, keeping total_amount as sent and giving it in paisa', () => {
      const decoded = decodeEsewaCallback(base64);
      expect(decoded.ok).to.equal(true);
      if (!decoded.ok) return;
      expect(decoded.callback).to.include({
        transactionCode: '000AWEO',
        status: 'COMPLETE',
        totalAmount: '1999.0',
        totalPaisa: 199900,
        transactionUuid: 'pay-7-1',
      });
      expect(decoded.callback.fields['signature']).to.equal('s+/=');
    });

    it('accepts base64 whose "+" a query parser turned into a space, and URL-safe base64', () => {
      // "~" and "?" make base64 digits 62 and 63 ("+" and "/").
      const withPlus = Buffer.from(json.replace('000AWEO', '~~~???')).toString('base64');
      expect(withPlus).to.include('+').and.include('/');
      for (const variant of [withPlus.replace(/\+/g, ' '), withPlus.replace(/\+/g, '-').replace(/\//g, '_'), base64.replace(/=+$/, '')]) {
        expect(decodeEsewaCallback(variant).ok, variant).to.equal(true);
      }
    });

    for (const [name, data] of [
      ['no data', undefined],
      ['an array of values', ['a', 'b']],
      ['empty text', ''],
      ['text that is not base64', '!!not base64!!'],
      ['base64 of text that is not JSON', Buffer.from('not json').toString('base64')],
      ['base64 of a JSON array', Buffer.from('[1,2]').toString('base64')],
      ['base64 of bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')],
      ['a JSON object without the signature', Buffer.from('{"status":"COMPLETE"}').toString('base64')],
      ['a total_amount that is not an amount', Buffer.from(json.replace('1999.0', '"free"')).toString('base64')],
      ['data far too long', 'A'.repeat(10_000)],
    ] as const) {
      it(`reports ${name} as malformed without throwing`, () => {
        const decoded = decodeEsewaCallback(data);
        expect(decoded).to.include({ ok: false, reason: 'malformed' });
      });
    }
  });

  describe(checkEsewaStatus.name, () => {
    const input = { transactionUuid: 'pay-7-1', totalPaisa: 199900 };

    it('asks with product_code, total_amount in rupees and transaction_uuid, and returns the status', async () => {
      let asked = '';
      const stub = await startStubGateway((req, res) => {
        asked = req.url ?? '';
        res.setHeader('content-type', 'application/json');
        res.end('{"product_code":"EPAYTEST","transaction_uuid":"pay-7-1","total_amount":1999.0,"status":"COMPLETE","ref_id":"000AWEO"}');
      });
      try {
        const result = await checkEsewaStatus(input, { ...CONFIG, statusUrl: `${stub.url}/api/epay/transaction/status/` });
        expect(asked).to.equal('/api/epay/transaction/status/?product_code=EPAYTEST&total_amount=1999.00&transaction_uuid=pay-7-1');
        expect(result).to.deep.equal({ ok: true, value: { status: 'COMPLETE', refId: '000AWEO', totalPaisa: 199900 } });
      } finally {
        await stub.close();
      }
    });

    it('reports a total_amount it cannot read as an invalid answer, never as "no amount" (review L6)', async () => {
      let total = '"a lot"';
      const stub = await startStubGateway((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(`{"product_code":"EPAYTEST","transaction_uuid":"pay-7-1","total_amount":${total},"status":"COMPLETE","ref_id":"000AWEO"}`);
      });
      try {
        const config = { ...CONFIG, statusUrl: `${stub.url}/status/` };
        for (const unreadable of ['"a lot"', '"1999.001"', '-1999', '"1,99,9.00"', '{"v":1}']) {
          total = unreadable;
          expect(await checkEsewaStatus(input, config), unreadable).to.include({ ok: false, reason: 'invalid_response' });
        }
        total = '"1,999.00"';
        expect(await checkEsewaStatus(input, config)).to.deep.equal({ ok: true, value: { status: 'COMPLETE', refId: '000AWEO', totalPaisa: 199900 } });
        total = 'null';
        expect(await checkEsewaStatus(input, config)).to.deep.equal({ ok: true, value: { status: 'COMPLETE', refId: '000AWEO', totalPaisa: null } });
      } finally {
        await stub.close();
      }
    });

    it('reports a gateway that is not listening as unreachable', async () => {
      const result = await checkEsewaStatus(input, { ...CONFIG, statusUrl: `${await unusedAddress()}/status/` });
      expect(result).to.include({ ok: false, reason: 'unreachable' });
      expect(result.ok || result.message).to.match(/ECONNREFUSED/);
    });

    it('reports a gateway that does not answer in time as unreachable', async () => {
      const stub = await startStubGateway(() => undefined); // never answers
      try {
        const result = await checkEsewaStatus(input, { ...CONFIG, statusUrl: `${stub.url}/status/`, timeoutMs: 150 });
        expect(result).to.include({ ok: false, reason: 'unreachable' });
        expect(result.ok || result.message).to.include('no response within 150 ms');
      } finally {
        await stub.close();
      }
    });

    it("reports an error answer with eSewa's message, and an unreadable answer as invalid", async () => {
      const stub = await startStubGateway((req, res) => {
        if (req.url?.includes('error')) res.writeHead(400).end('{"code":0,"error_message":"Service is currently unavailable"}');
        else res.end('<html>maintenance</html>');
      });
      try {
        const refused = await checkEsewaStatus(input, { ...CONFIG, statusUrl: `${stub.url}/error/` });
        expect(refused).to.deep.include({ ok: false, reason: 'rejected', httpStatus: 400 });
        expect(refused.ok || refused.message).to.include('Service is currently unavailable');
        const unreadable = await checkEsewaStatus(input, { ...CONFIG, statusUrl: `${stub.url}/html/` });
        expect(unreadable).to.include({ ok: false, reason: 'invalid_response' });
      } finally {
        await stub.close();
      }
    });
  });
});
