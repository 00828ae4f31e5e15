import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { buildEsewaForm, decodeEsewaCallback } from './esewa.gateway';
import { signEsewa, verifyEsewaCallbackSignature, verifyEsewaSignature } from './esewa-signature';

// eSewa's published test merchant (developer.esewa.com.np/pages/Epay-V2; REFERENCE.md).
const SECRET = '8gBm/:&EnhH.1/q';
const CALLBACK_NAMES = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

describe('eSewa signatures', () => {
  describe(signEsewa.name, () => {
    it('signs the fields named in signed_field_names, in order, as k=v joined by commas (HMAC-SHA256, base64)', () => {
      const fields = { total_amount: '1999.00', transaction_uuid: 'order-42-attempt-1', product_code: 'EPAYTEST', amount: 'ignored' };
      const expected = createHmac('sha256', SECRET)
        .update('total_amount=1999.00,transaction_uuid=order-42-attempt-1,product_code=EPAYTEST')
        .digest('base64');
      expect(signEsewa(fields, 'total_amount,transaction_uuid,product_code', SECRET)).to.equal(expected);
    });

    it("reproduces eSewa's published request signature", () => {
      const fields = { total_amount: '110', transaction_uuid: '241028', product_code: 'EPAYTEST' };
      expect(signEsewa(fields, 'total_amount,transaction_uuid,product_code', SECRET)).to.equal('i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=');
    });

    it('follows the order of signed_field_names, not the order of the fields', () => {
      const fields = { total_amount: '110', transaction_uuid: '241028', product_code: 'EPAYTEST' };
      expect(signEsewa(fields, 'product_code,total_amount,transaction_uuid', SECRET)).to.not.equal(
        signEsewa(fields, 'total_amount,transaction_uuid,product_code', SECRET),
      );
    });

    it('refuses to sign when a named field is missing', () => {
      expect(() => signEsewa({ total_amount: '110' }, 'total_amount,transaction_uuid', SECRET)).to.throw(RangeError);
    });
  });

  describe(verifyEsewaSignature.name, () => {
    function signedCallback(overrides: Record<string, string> = {}): Record<string, string> {
      const fields: Record<string, string> = {
        transaction_code: '000AWEO',
        status: 'COMPLETE',
        total_amount: '1999.0',
        transaction_uuid: 'order-42-attempt-1',
        product_code: 'EPAYTEST',
        signed_field_names: CALLBACK_NAMES,
      };
      return { ...fields, signature: signEsewa(fields, CALLBACK_NAMES, SECRET), ...overrides };
    }

    it('accepts a callback signed with the merchant secret', () => {
      expect(verifyEsewaSignature(signedCallback(), SECRET)).to.equal(true);
    });

    it("accepts eSewa's published callback, whose total_amount is the JSON number 1000.0", () => {
      const json =
        '{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":1000.0,"transaction_uuid":"250610-162413",' +
        '"product_code":"EPAYTEST","signed_field_names":"transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names",' +
        '"signature":"62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA="}';
      const decoded = decodeEsewaCallback(Buffer.from(json).toString('base64'));
      expect(decoded.ok && decoded.callback.totalAmount).to.equal('1000.0');
      expect(decoded.ok && verifyEsewaSignature(decoded.callback.fields, SECRET)).to.equal(true);
    });

    for (const [field, forged] of [
      ['total_amount', '1.0'],
      ['transaction_uuid', 'order-43-attempt-1'],
      ['status', 'COMPLETED'],
      ['product_code', 'OTHERSHOP'],
      ['transaction_code', '000AWEP'],
    ]) {
      it(`rejects a callback whose ${field} was altered after signing`, () => {
        expect(verifyEsewaSignature(signedCallback({ [field]: forged }), SECRET)).to.equal(false);
      });
    }

    it('rejects the same amount written differently from what was signed (values are compared as received)', () => {
      expect(verifyEsewaSignature(signedCallback({ total_amount: '1999' }), SECRET)).to.equal(false);
      expect(verifyEsewaSignature(signedCallback({ total_amount: '1999.00' }), SECRET)).to.equal(false);
    });

    it('rejects a signature made with another secret, a truncated one, or none', () => {
      const fields = signedCallback();
      const { signature: _signature, ...unsigned } = fields;
      expect(verifyEsewaSignature({ ...fields, signature: signEsewa(fields, CALLBACK_NAMES, 'another-secret') }, SECRET)).to.equal(false);
      expect(verifyEsewaSignature({ ...fields, signature: fields['signature'].slice(0, -2) }, SECRET)).to.equal(false);
      expect(verifyEsewaSignature(unsigned, SECRET)).to.equal(false);
    });

    it('rejects a valid signature that does not cover the amount, the transaction and the merchant', () => {
      const fields: Record<string, string> = { status: 'COMPLETE', total_amount: '1.0', transaction_uuid: 'x', product_code: 'EPAYTEST' };
      const partial = { ...fields, signed_field_names: 'status,transaction_uuid,product_code' };
      expect(verifyEsewaSignature({ ...partial, signature: signEsewa(partial, partial.signed_field_names, SECRET) }, SECRET)).to.equal(false);
    });

    it('accepts a genuine callback as a callback signature, and refuses one that does not cover transaction_code and status', () => {
      expect(verifyEsewaCallbackSignature(signedCallback(), SECRET)).to.equal(true);
      for (const names of ['total_amount,transaction_uuid,product_code', 'status,total_amount,transaction_uuid,product_code', 'transaction_code,total_amount,transaction_uuid,product_code,signed_field_names']) {
        const fields = { ...signedCallback(), signed_field_names: names };
        expect(verifyEsewaCallbackSignature({ ...fields, signature: signEsewa(fields, names, SECRET) }, SECRET), names).to.equal(false);
      }
    });

    it("refuses our own request form's signature replayed as a callback claiming COMPLETE (review M1, /tmp/review-poc/esewa-forge.ts)", () => {
      // What the customer receives in the checkout response (gatewayPayload).
      const form = buildEsewaForm(
        { totalPaisa: 199_950, transactionUuid: '11111111-2222-3333-4444-555555555555', successUrl: 'http://x/s', failureUrl: 'http://x/f' },
        { productCode: 'EPAYTEST', secretKey: SECRET },
      );
      const forged = {
        transaction_code: 'FAKE',
        status: 'COMPLETE',
        total_amount: form.total_amount,
        transaction_uuid: form.transaction_uuid,
        product_code: form.product_code,
        signed_field_names: form.signed_field_names,
        signature: form.signature,
      };
      const decoded = decodeEsewaCallback(Buffer.from(JSON.stringify(forged)).toString('base64'));
      expect(decoded.ok).to.equal(true);
      // The signature is genuine (it is ours), which is exactly why it must not pass as eSewa's callback.
      expect(decoded.ok && verifyEsewaSignature(decoded.callback.fields, SECRET)).to.equal(true);
      expect(decoded.ok && verifyEsewaCallbackSignature(decoded.callback.fields, SECRET)).to.equal(false);
    });

    it('rejects signed_field_names that name a field the data does not have', () => {
      const fields = signedCallback({ signed_field_names: `${CALLBACK_NAMES},ref_id` });
      expect(verifyEsewaSignature(fields, SECRET)).to.equal(false);
    });
  });
});
