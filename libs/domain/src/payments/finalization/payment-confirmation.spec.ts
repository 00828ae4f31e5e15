import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { OrderModel, PaymentModel } from '@platform/db';
import { sharedInfrastructure, startStubGateway, testEnv, unusedAddress } from '@platform/testing';
import { buildEsewaForm } from '../gateways/esewa.gateway';
import { signEsewa } from '../gateways/esewa-signature';
import { EsewaPaymentVerifier } from './esewa-payment.verifier';
import { KhaltiPaymentVerifier } from './khalti-payment.verifier';
import { ESEWA_NOT_FOUND_GRACE_MS, GatewayUnavailableError, PaymentContext } from './payment-verifier';

const SECRET = '8gBm/:&EnhH.1/q';
const UUID = 'confirm-spec-uuid';
const CALLBACK_NAMES = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

/**
 * The gateway-only answer (`confirm`) that retries and the auto-cancel reconciliation rely on,
 * and the callback checks the review found missing (M1, M2, L6; the verifiers' own specs cover
 * the rest). Unsaved rows: the verifiers read only the payment and the order total.
 */
describe('payment confirmation with the gateway alone', () => {
  let stub: Awaited<ReturnType<typeof startStubGateway>>;
  /** eSewa's status answer (body fields) or Khalti's lookup, by what the next request gets. */
  let reply: Record<string, unknown> | null;
  let asked: number;

  const contextFor = (gateway: 'esewa' | 'khalti', totalPaisa: number, paymentAgeMs = 60_000): PaymentContext => ({
    payment: PaymentModel.build({
      id: 7,
      orderId: 42,
      gateway,
      status: 'initiated',
      amountPaisa: totalPaisa,
      gatewayTransactionId: UUID,
      createdAt: new Date(Date.now() - paymentAgeMs),
    }),
    order: OrderModel.build({ id: 42, orderNumber: 'ORD-42', status: 'payment_pending', totalPaisa }),
  });

  const esewaAt = (url: string) =>
    new EsewaPaymentVerifier(loadConfig(testEnv({ ESEWA_PRODUCT_CODE: 'EPAYTEST', ESEWA_SECRET_KEY: SECRET, ESEWA_STATUS_URL: url })));
  const khaltiAt = (url: string) => new KhaltiPaymentVerifier(loadConfig(testEnv({ KHALTI_SECRET_KEY: 'k', KHALTI_BASE_URL: url })));
  let esewa: EsewaPaymentVerifier;
  let khalti: KhaltiPaymentVerifier;

  const thrownBy = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  before(async () => {
    await sharedInfrastructure();
    stub = await startStubGateway((_req, res) => {
      asked += 1;
      if (reply === null) return void res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
    esewa = esewaAt(`${stub.url}/status/`);
    khalti = khaltiAt(`${stub.url}/api/v2`);
  });

  beforeEach(() => {
    reply = null;
    asked = 0;
  });

  after(() => stub.close());

  const esewaStatus = (status: string, totalAmount: unknown = '1999.5', refId: string | null = 'REF-1') => ({
    product_code: 'EPAYTEST',
    transaction_uuid: UUID,
    total_amount: totalAmount,
    status,
    ref_id: refId,
  });

  describe('eSewa', () => {
    it('confirms COMPLETE for the order total, with the ref_id, or the transaction_uuid when there is none', async () => {
      reply = esewaStatus('COMPLETE');
      expect(await esewa.confirm(contextFor('esewa', 199_950))).to.deep.equal({ kind: 'verified', reference: 'REF-1' });
      reply = esewaStatus('COMPLETE', '1999.5', null);
      expect(await esewa.confirm(contextFor('esewa', 199_950))).to.deep.equal({ kind: 'verified', reference: UUID });
    });

    it('reads a lakh-grouped amount (L6): 1,00,000.0 is the total of a one-lakh order', async () => {
      reply = esewaStatus('COMPLETE', '1,00,000.0');
      expect(await esewa.confirm(contextFor('esewa', 10_000_000))).to.deep.equal({ kind: 'verified', reference: 'REF-1' });
    });

    it('never skips the amount comparison (L6): COMPLETE with no amount or an unreadable one is no answer yet', async () => {
      for (const total of [null, 'lots', '1999.505']) {
        reply = esewaStatus('COMPLETE', total);
        const error = await thrownBy(esewa.confirm(contextFor('esewa', 199_950)));
        expect(error, String(total)).to.be.instanceOf(GatewayUnavailableError).with.property('reason', 'invalid_response');
      }
      reply = esewaStatus('COMPLETE', '19.99');
      expect(await esewa.confirm(contextFor('esewa', 199_950))).to.deep.include({ kind: 'rejected' });
    });

    it('reads NOT_FOUND as undecided while the payment is young, as terminal after ESEWA_NOT_FOUND_GRACE_MS', async () => {
      reply = esewaStatus('NOT_FOUND', null, null);
      expect(await esewa.confirm(contextFor('esewa', 199_950, 60_000))).to.deep.equal({ kind: 'pending', detail: 'eSewa status NOT_FOUND' });
      expect(await esewa.state(contextFor('esewa', 199_950, 60_000))).to.equal('pending');
      const old = contextFor('esewa', 199_950, ESEWA_NOT_FOUND_GRACE_MS + 60_000);
      expect(await esewa.confirm(old)).to.deep.equal({ kind: 'rejected', error: 'eSewa status check said NOT_FOUND, not COMPLETE' });
      expect(await esewa.state(old)).to.equal('not_completed');
    });

    it('says why it could not ask: unreachable (no answer) or an error answer', async () => {
      const down = await thrownBy(esewaAt(`${await unusedAddress()}/status/`).confirm(contextFor('esewa', 199_950)));
      expect(down).to.be.instanceOf(GatewayUnavailableError).with.property('reason', 'unreachable');
      const refused = await thrownBy(esewa.confirm(contextFor('esewa', 199_950)));
      expect(refused).to.be.instanceOf(GatewayUnavailableError).with.property('reason', 'rejected');
    });

    describe('callback precheck (M1)', () => {
      const callback = (fields: Record<string, string>, names = CALLBACK_NAMES, secret = SECRET) => {
        const all: Record<string, string> = {
          transaction_code: '000AWEO',
          status: 'COMPLETE',
          total_amount: '1999.5',
          transaction_uuid: UUID,
          product_code: 'EPAYTEST',
          signed_field_names: names,
          ...fields,
        };
        return { data: Buffer.from(JSON.stringify({ ...all, signature: signEsewa(all, names, secret) })).toString('base64') };
      };

      it('refuses a callback signed with our request signature (over total_amount, transaction_uuid, product_code only)', async () => {
        const form = buildEsewaForm({ totalPaisa: 199_950, transactionUuid: UUID, successUrl: 'http://x/s', failureUrl: 'http://x/f' }, { productCode: 'EPAYTEST', secretKey: SECRET });
        const forged = {
          transaction_code: 'FAKE',
          status: 'COMPLETE',
          total_amount: form.total_amount,
          transaction_uuid: form.transaction_uuid,
          product_code: form.product_code,
          signed_field_names: form.signed_field_names,
          signature: form.signature,
        };
        const params = { data: Buffer.from(JSON.stringify(forged)).toString('base64') };
        const context = contextFor('esewa', 199_950);
        expect(esewa.precheck(params, context)).to.deep.equal({ kind: 'rejected', error: 'invalid eSewa signature' });
        reply = esewaStatus('COMPLETE');
        expect(await esewa.verify(params, context)).to.deep.equal({ kind: 'rejected', error: 'invalid eSewa signature' });
        expect(asked, 'the status API is not asked').to.equal(0);
      });

      it('refuses a signature that does not cover transaction_code or status', () => {
        const context = contextFor('esewa', 199_950);
        for (const names of ['status,total_amount,transaction_uuid,product_code,signed_field_names', 'transaction_code,total_amount,transaction_uuid,product_code']) {
          expect(esewa.precheck(callback({}, names), context), names).to.deep.equal({ kind: 'rejected', error: 'invalid eSewa signature' });
        }
      });

      it('refuses a genuinely signed callback whose status is not COMPLETE, before asking eSewa', async () => {
        const context = contextFor('esewa', 199_950);
        for (const status of ['PENDING', 'CANCELED', 'complete']) {
          const outcome = await esewa.verify(callback({ status }), context);
          expect(outcome).to.deep.equal({ kind: 'rejected', error: `the eSewa callback says ${status}, not COMPLETE` });
        }
        expect(asked).to.equal(0);
        expect(esewa.precheck(callback({}), context)).to.deep.equal({ kind: 'plausible' });
      });
    });
  });

  describe('Khalti', () => {
    const lookup = (status: string, total = 150_000) => ({ pidx: UUID, total_amount: total, status, transaction_id: status === 'Completed' ? 'TXN-1' : null, fee: 0, refunded: false });

    it('confirms Completed for the order total; Pending and Initiated are undecided; the rest are terminal', async () => {
      const context = contextFor('khalti', 150_000);
      reply = lookup('Completed');
      expect(await khalti.confirm(context)).to.deep.equal({ kind: 'verified', reference: 'TXN-1' });
      reply = lookup('Completed', 1_000);
      expect(await khalti.confirm(context)).to.deep.include({ kind: 'rejected' });
      for (const status of ['Pending', 'Initiated']) {
        reply = lookup(status);
        expect(await khalti.confirm(context)).to.deep.equal({ kind: 'pending', detail: `Khalti lookup ${status}` });
      }
      for (const status of ['User canceled', 'Expired', 'Refunded', 'Partially refunded']) {
        reply = lookup(status);
        expect(await khalti.confirm(context)).to.deep.equal({ kind: 'rejected', error: `Khalti lookup said ${status}, not Completed` });
      }
    });
  });
});
