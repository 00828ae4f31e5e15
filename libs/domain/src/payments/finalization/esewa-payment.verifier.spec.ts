import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { OrderModel, PaymentModel } from '@platform/db';
import { sharedInfrastructure, startStubGateway, testEnv, unusedAddress } from '@platform/testing';
import { signEsewa } from '../gateways/esewa-signature';
import { EsewaPaymentVerifier } from './esewa-payment.verifier';
import { GatewayUnavailableError, PaymentContext } from './payment-verifier';

// eSewa's published test merchant (developer.esewa.com.np/pages/Epay-V2; REFERENCE.md).
const SECRET = '8gBm/:&EnhH.1/q';
const PRODUCT_CODE = 'EPAYTEST';
const UUID = 'order-42-attempt-1';
const TOTAL_PAISA = 199_950; // 1999.50 rupees
const CALLBACK_NAMES = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

interface CallbackOptions {
  /** Fields before signing (what eSewa would have signed). */
  fields?: Record<string, string>;
  /** Fields replaced after signing (a forger's edits). */
  after?: Record<string, string>;
  secret?: string;
  /** Write total_amount as a bare JSON number, as eSewa's documented callback does (`"total_amount":1999.5`). */
  numericAmount?: boolean;
}

/** The success callback's query: `data` = base64 of the JSON eSewa sends, signed over CALLBACK_NAMES. */
function esewaCallback(options: CallbackOptions = {}): Record<string, string> {
  const fields: Record<string, string> = {
    transaction_code: '000AWEO',
    status: 'COMPLETE',
    total_amount: '1999.50',
    transaction_uuid: UUID,
    product_code: PRODUCT_CODE,
    signed_field_names: CALLBACK_NAMES,
    ...options.fields,
  };
  const sent = { ...fields, signature: signEsewa(fields, fields['signed_field_names'], options.secret ?? SECRET), ...options.after };
  const members = Object.entries(sent).map(
    ([key, value]) => `${JSON.stringify(key)}:${options.numericAmount && key === 'total_amount' ? value : JSON.stringify(value)}`,
  );
  return { data: Buffer.from(`{${members.join(',')}}`).toString('base64') };
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** CONTRACT section 6 (eSewa ePay v2): signature, transaction, product, amount, then the status API. */
describe(EsewaPaymentVerifier.name, () => {
  let stub: Awaited<ReturnType<typeof startStubGateway>>;
  let verifier: EsewaPaymentVerifier;
  /** What the stub status API answers; by default COMPLETE, echoing the query as eSewa does. */
  let answer: (query: URLSearchParams) => { status: number; body: string };
  let asked: URLSearchParams[];

  const statusAnswer = (status: string, extra: Record<string, unknown> = {}) => (query: URLSearchParams) => ({
    status: 200,
    body: JSON.stringify({
      product_code: query.get('product_code'),
      transaction_uuid: query.get('transaction_uuid'),
      total_amount: Number(query.get('total_amount')), // eSewa answers a JSON number: 1999.5
      status,
      ref_id: status === 'COMPLETE' ? '000AWEO-REF' : null,
      ...extra,
    }),
  });

  const verifierAt = (statusUrl: string) =>
    new EsewaPaymentVerifier(loadConfig(testEnv({ ESEWA_PRODUCT_CODE: PRODUCT_CODE, ESEWA_SECRET_KEY: SECRET, ESEWA_STATUS_URL: statusUrl })));

  /** Unsaved rows: the verifier reads only the payment's transaction and the order total. */
  const context = (): PaymentContext => ({
    payment: PaymentModel.build({ id: 7, orderId: 42, gateway: 'esewa', status: 'initiated', amountPaisa: TOTAL_PAISA, gatewayTransactionId: UUID }),
    order: OrderModel.build({ id: 42, orderNumber: 'ORD-42', status: 'payment_pending', totalPaisa: TOTAL_PAISA }),
  });

  before(async () => {
    await sharedInfrastructure(); // initialises the sequelize models, so Model.build works
    stub = await startStubGateway((req, res) => {
      const query = new URL(req.url ?? '/', 'http://stub').searchParams;
      asked.push(query);
      const { status, body } = answer(query);
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    verifier = verifierAt(`${stub.url}/api/epay/transaction/status/`);
  });

  beforeEach(() => {
    answer = statusAnswer('COMPLETE');
    asked = [];
  });

  after(() => stub.close());

  describe('precheck', () => {
    it('finds a callback signed with the merchant secret, for this transaction, product and order total, plausible', () => {
      expect(verifier.precheck(esewaCallback(), context())).to.deep.equal({ kind: 'plausible' });
    });

    it('reads the amount as eSewa writes it: a JSON number, whole rupees, or text with a thousands separator', () => {
      expect(verifier.precheck(esewaCallback({ fields: { total_amount: '1999.5' }, numericAmount: true }), context())).to.deep.equal({ kind: 'plausible' });
      expect(verifier.precheck(esewaCallback({ fields: { total_amount: '1,999.50' } }), context())).to.deep.equal({ kind: 'plausible' });
      const wholeRupees = { ...context(), order: OrderModel.build({ id: 42, totalPaisa: 200_000 }) };
      expect(verifier.precheck(esewaCallback({ fields: { total_amount: '2000' }, numericAmount: true }), wholeRupees)).to.deep.equal({ kind: 'plausible' });
    });

    for (const [name, options] of [
      ['the amount was lowered after signing', { after: { total_amount: '1.0' } }],
      ['the status was changed after signing', { after: { status: 'COMPLETE ' } }],
      ['it was signed with another secret', { secret: 'another-merchant-secret' }],
      ['the signature is truncated', { after: { signature: signEsewa({ a: '1' }, 'a', SECRET).slice(0, -4) } }],
      ['the signature does not cover the amount', { fields: { signed_field_names: 'transaction_code,status,transaction_uuid,product_code,signed_field_names' } }],
    ] as const) {
      it(`rejects a forged callback: ${name}`, () => {
        expect(verifier.precheck(esewaCallback(options), context())).to.deep.equal({ kind: 'rejected', error: 'invalid eSewa signature' });
      });
    }

    it("rejects a genuinely signed callback about another payment's transaction_uuid", () => {
      const outcome = verifier.precheck(esewaCallback({ fields: { transaction_uuid: 'order-43-attempt-1' } }), context());
      expect(outcome).to.deep.equal({ kind: 'rejected', error: 'the eSewa callback is about another transaction' });
    });

    it("rejects a genuinely signed callback for another merchant's product_code", () => {
      const outcome = verifier.precheck(esewaCallback({ fields: { product_code: 'OTHERSHOP' } }), context());
      expect(outcome).to.deep.equal({ kind: 'rejected', error: 'the eSewa callback is about another transaction' });
    });

    for (const [written, numeric] of [
      ['1999.00', false],
      ['1,999.49', false],
      ['19.99', false],
      ['1999.6', true],
      ['199950', true],
    ] as const) {
      it(`rejects a genuinely signed callback whose amount ${written}${numeric ? ' (a JSON number)' : ''} is not the order total`, () => {
        const outcome = verifier.precheck(esewaCallback({ fields: { total_amount: written }, numericAmount: numeric }), context());
        expect(outcome.kind).to.equal('rejected');
        expect(outcome.kind === 'rejected' && outcome.error).to.match(/^amount mismatch: the gateway reported \d+ paisa, the order total is 199950 paisa$/);
      });
    }

    const genuineJson = Buffer.from(esewaCallback().data, 'base64').toString('utf8');
    for (const [name, params] of [
      ['no data', {}],
      ['empty data', { data: '' }],
      ['data that is not base64', { data: '!!not base64!!' }],
      ['base64 of text that is not JSON', { data: base64('transaction_uuid=order-42-attempt-1') }],
      ['base64 of a JSON array', { data: base64('[1,2]') }],
      ['base64 of a nested JSON object', { data: base64(genuineJson.replace('"status":"COMPLETE"', '"status":{"v":"COMPLETE"}')) }],
      ['base64 of JSON with a repeated key', { data: base64(genuineJson.replace('{', '{"total_amount":"1.0",')) }],
      ['base64 of JSON without the signature', { data: base64(genuineJson.replace(/,"signature":"[^"]*"/, '')) }],
      ['base64 of bytes that are not UTF-8', { data: Buffer.from([0xff, 0xfe, 0x7b]).toString('base64') }],
      ['an amount with three decimals', esewaCallback({ fields: { total_amount: '1999.505' } })],
      ['a negative amount', esewaCallback({ fields: { total_amount: '-1999.50' }, numericAmount: true })],
      ['an amount in exponent notation', esewaCallback({ fields: { total_amount: '1.9995e3' }, numericAmount: true })],
      ['data far too long', { data: 'A'.repeat(10_000) }],
    ] as const) {
      it(`rejects ${name} as malformed, without throwing and without asking eSewa`, async () => {
        const precheck = verifier.precheck(params as Record<string, string>, context());
        expect(precheck.kind).to.equal('rejected');
        expect(precheck.kind === 'rejected' && precheck.error).to.match(/^malformed eSewa callback: /);
        expect(await verifier.verify(params as Record<string, string>, context())).to.deep.equal(precheck);
        expect(asked).to.have.length(0);
      });
    }
  });

  describe('verify', () => {
    it("verifies when the status API says COMPLETE for this transaction and the order total, with eSewa's ref_id as the reference", async () => {
      expect(await verifier.verify(esewaCallback(), context())).to.deep.equal({ kind: 'verified', reference: '000AWEO-REF' });
      expect(asked.map((query) => Object.fromEntries(query))).to.deep.equal([
        { product_code: PRODUCT_CODE, total_amount: '1999.50', transaction_uuid: UUID },
      ]);
    });

    it("takes the callback's transaction_code as the reference when the status API gives no ref_id", async () => {
      answer = statusAnswer('COMPLETE', { ref_id: '' });
      expect(await verifier.verify(esewaCallback({ fields: { transaction_code: '000BXYZ' } }), context())).to.deep.equal({
        kind: 'verified',
        reference: '000BXYZ',
      });
    });

    it('never asks the status API about a callback that fails the local checks', async () => {
      const forged = await verifier.verify(esewaCallback({ after: { total_amount: '1.0' } }), context());
      const otherPayment = await verifier.verify(esewaCallback({ fields: { transaction_uuid: 'order-43-attempt-1' } }), context());
      const otherAmount = await verifier.verify(esewaCallback({ fields: { total_amount: '1.00' } }), context());
      expect([forged.kind, otherPayment.kind, otherAmount.kind]).to.deep.equal(['rejected', 'rejected', 'rejected']);
      expect(asked).to.have.length(0);
    });

    for (const status of ['PENDING', 'AMBIGUOUS']) {
      it(`leaves the payment pending while the status API says ${status}`, async () => {
        answer = statusAnswer(status);
        expect(await verifier.verify(esewaCallback(), context())).to.deep.equal({ kind: 'pending', detail: `eSewa status ${status}` });
      });
    }

    for (const status of ['NOT_FOUND', 'CANCELED', 'FULL_REFUND', 'PARTIAL_REFUND']) {
      it(`rejects a genuine COMPLETE callback when the status API says ${status}`, async () => {
        answer = statusAnswer(status);
        expect(await verifier.verify(esewaCallback(), context())).to.deep.equal({
          kind: 'rejected',
          error: `eSewa status check said ${status}, not COMPLETE`,
        });
      });
    }

    it('rejects when the status API says COMPLETE for another amount', async () => {
      answer = statusAnswer('COMPLETE', { total_amount: 1.0 });
      expect(await verifier.verify(esewaCallback(), context())).to.deep.equal({
        kind: 'rejected',
        error: 'amount mismatch: the gateway reported 100 paisa, the order total is 199950 paisa',
      });
    });

    it('accepts the status API amount written with a thousands separator', async () => {
      answer = statusAnswer('COMPLETE', { total_amount: '1,999.50' });
      expect(await verifier.verify(esewaCallback(), context())).to.deep.equal({ kind: 'verified', reference: '000AWEO-REF' });
    });

    for (const [name, reply] of [
      ['answers 500', () => ({ status: 500, body: '{"code":0,"error_message":"Internal Server Error"}' })],
      ['answers 503 with no body', () => ({ status: 503, body: '' })],
      ['answers 200 with a body that is not JSON', () => ({ status: 200, body: '<html>maintenance</html>' })],
      ['answers 200 without a known status', statusAnswer('COMPLETED')],
      ['answers about another transaction', statusAnswer('COMPLETE', { transaction_uuid: 'order-43-attempt-1' })],
    ] as const) {
      it(`throws GatewayUnavailableError (retry later, order untouched) when the status API ${name}`, async () => {
        answer = reply;
        const error = await verifier.verify(esewaCallback(), context()).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).to.be.instanceOf(GatewayUnavailableError);
        expect(asked).to.have.length(1);
      });
    }

    it('throws GatewayUnavailableError when the status API is not reachable', async () => {
      const unreachable = verifierAt(`${await unusedAddress()}/api/epay/transaction/status/`);
      const error = await unreachable.verify(esewaCallback(), context()).catch((thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(GatewayUnavailableError).with.property('message').that.matches(/did not answer/);
    });
  });

  describe('state', () => {
    for (const [status, state] of [
      ['COMPLETE', 'completed'],
      ['PENDING', 'pending'],
      ['AMBIGUOUS', 'pending'],
      ['NOT_FOUND', 'not_completed'],
      ['CANCELED', 'not_completed'],
      ['FULL_REFUND', 'not_completed'],
      ['PARTIAL_REFUND', 'not_completed'],
    ] as const) {
      it(`reads status ${status} as ${state}`, async () => {
        answer = statusAnswer(status);
        expect(await verifier.state(context())).to.equal(state);
        expect(asked.map((query) => query.get('transaction_uuid'))).to.deep.equal([UUID]);
      });
    }

    it('throws GatewayUnavailableError when the status API is unreachable or answers an error', async () => {
      const unreachable = verifierAt(`${await unusedAddress()}/status/`);
      expect(await unreachable.state(context()).catch((thrown: unknown) => thrown)).to.be.instanceOf(GatewayUnavailableError);
      answer = () => ({ status: 502, body: 'Bad Gateway' });
      expect(await verifier.state(context()).catch((thrown: unknown) => thrown)).to.be.instanceOf(GatewayUnavailableError);
    });
  });
});
