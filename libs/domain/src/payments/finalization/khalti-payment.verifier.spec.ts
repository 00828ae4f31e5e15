import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { OrderModel, PaymentModel } from '@platform/db';
import { sharedInfrastructure, startStubGateway, testEnv, unusedAddress } from '@platform/testing';
import { KhaltiPaymentVerifier } from './khalti-payment.verifier';
import { GatewayUnavailableError, PaymentContext } from './payment-verifier';

const SECRET = 'khalti-secret-for-verifier-spec';
const PIDX = 'bZQLD9wRVWo4CdESSfuSsB';
const TOTAL_PAISA = 150_000;

/** What Khalti appends to return_url (docs.khalti.com/khalti-epayment, "Callback payload"). */
const khaltiCallback = (overrides: Record<string, string> = {}): Record<string, string> => ({
  pidx: PIDX,
  txnId: '4H7AhoXDJWg5WjrcPT9ixW',
  amount: String(TOTAL_PAISA),
  total_amount: String(TOTAL_PAISA),
  status: 'Completed',
  mobile: '98XXXXX904',
  tidx: '4H7AhoXDJWg5WjrcPT9ixW',
  transaction_id: '4H7AhoXDJWg5WjrcPT9ixW',
  purchase_order_id: 'ORD-42',
  purchase_order_name: 'Course',
  ...overrides,
});

/** CONTRACT section 6 (Khalti KPG-2): pidx and amount locally, then only the lookup is trusted. */
describe(KhaltiPaymentVerifier.name, () => {
  let stub: Awaited<ReturnType<typeof startStubGateway>>;
  let verifier: KhaltiPaymentVerifier;
  /** What the stub lookup answers; by default Completed for the order total. */
  let answer: (pidx: string) => { status: number; body: string };
  let asked: Array<{ url?: string; authorization?: string; body: unknown }>;

  const lookupAnswer =
    (status: string, extra: Record<string, unknown> = {}, httpStatus = 200) =>
    (pidx: string) => ({
      status: httpStatus,
      body: JSON.stringify({
        pidx,
        total_amount: TOTAL_PAISA,
        status,
        transaction_id: status === 'Completed' ? 'GFq9PFS7b2iYvL8Lir9oXe' : null,
        fee: 0,
        refunded: status === 'Refunded',
        ...extra,
      }),
    });

  const verifierAt = (baseUrl: string) => new KhaltiPaymentVerifier(loadConfig(testEnv({ KHALTI_SECRET_KEY: SECRET, KHALTI_BASE_URL: baseUrl })));

  /** Unsaved rows: the verifier reads only the payment's pidx and the order total. */
  const context = (): PaymentContext => ({
    payment: PaymentModel.build({ id: 9, orderId: 42, gateway: 'khalti', status: 'initiated', amountPaisa: TOTAL_PAISA, gatewayTransactionId: PIDX }),
    order: OrderModel.build({ id: 42, orderNumber: 'ORD-42', status: 'payment_pending', totalPaisa: TOTAL_PAISA }),
  });

  const thrownBy = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  before(async () => {
    await sharedInfrastructure(); // initialises the sequelize models, so Model.build works
    stub = await startStubGateway((req, res, body) => {
      const parsed: unknown = JSON.parse(body || 'null');
      asked.push({ url: req.url, authorization: req.headers.authorization, body: parsed });
      const { status, body: reply } = answer((parsed as { pidx?: string } | null)?.pidx ?? '');
      res.writeHead(status, { 'content-type': 'application/json' }).end(reply);
    });
    verifier = verifierAt(`${stub.url}/api/v2`);
  });

  beforeEach(() => {
    answer = lookupAnswer('Completed');
    asked = [];
  });

  after(() => stub.close());

  describe('precheck', () => {
    it('finds a callback for this pidx and the order total plausible', () => {
      expect(verifier.precheck(khaltiCallback(), context())).to.deep.equal({ kind: 'plausible' });
    });

    it('finds a callback without amounts plausible: they are optional, only the lookup is trusted', () => {
      expect(verifier.precheck({ pidx: PIDX }, context())).to.deep.equal({ kind: 'plausible' });
      expect(verifier.precheck(khaltiCallback({ amount: '', total_amount: '' }), context())).to.deep.equal({ kind: 'plausible' });
    });

    it("rejects a callback about another payment's pidx, or without one", () => {
      const expected = { kind: 'rejected', error: 'the Khalti callback is about another payment (pidx)' };
      expect(verifier.precheck(khaltiCallback({ pidx: 'AnotherPidxOfAnotherOrder' }), context())).to.deep.equal(expected);
      expect(verifier.precheck(khaltiCallback({ pidx: PIDX.toLowerCase() }), context())).to.deep.equal(expected);
      const { pidx: _pidx, ...withoutPidx } = khaltiCallback();
      expect(verifier.precheck(withoutPidx, context())).to.deep.equal(expected);
    });

    for (const field of ['amount', 'total_amount']) {
      it(`rejects a callback whose ${field} is not the order total`, () => {
        expect(verifier.precheck(khaltiCallback({ [field]: '1000' }), context())).to.deep.equal({
          kind: 'rejected',
          error: 'amount mismatch: the gateway reported 1000 paisa, the order total is 150000 paisa',
        });
      });

      for (const written of ['1500.00', '150000.0', 'abc', '-150000', '1.5e5', ' 150000', '150,000', '0x249F0', '1500000000000000']) {
        it(`rejects a callback whose ${field} "${written}" is not a whole number of paisa`, () => {
          expect(verifier.precheck(khaltiCallback({ [field]: written }), context())).to.deep.equal({
            kind: 'rejected',
            error: 'amount mismatch: the gateway reported no amount paisa, the order total is 150000 paisa',
          });
        });
      }
    }

    for (const status of ['User canceled', 'Expired']) {
      it(`reads callback status "${status}" as declined by the payer`, () => {
        expect(verifier.precheck(khaltiCallback({ status, transaction_id: '', txnId: '', tidx: '' }), context())).to.deep.equal({
          kind: 'declined',
          detail: `Khalti callback status ${status}`,
        });
      });
    }

    it('rejects rather than declines a cancellation about another pidx or another amount', () => {
      expect(verifier.precheck(khaltiCallback({ status: 'User canceled', pidx: 'AnotherPidx' }), context()).kind).to.equal('rejected');
      expect(verifier.precheck(khaltiCallback({ status: 'Expired', amount: '1' }), context()).kind).to.equal('rejected');
    });

    it('finds Pending and unknown callback statuses plausible: the lookup decides', () => {
      for (const status of ['Pending', 'Initiated', 'Refunded', 'anything', '']) {
        expect(verifier.precheck(khaltiCallback({ status }), context()), status).to.deep.equal({ kind: 'plausible' });
      }
    });
  });

  describe('verify', () => {
    it('verifies when the lookup says Completed for the order total, with the transaction_id as the reference', async () => {
      expect(await verifier.verify(khaltiCallback(), context())).to.deep.equal({ kind: 'verified', reference: 'GFq9PFS7b2iYvL8Lir9oXe' });
      expect(asked).to.deep.equal([{ url: '/api/v2/epayment/lookup/', authorization: `Key ${SECRET}`, body: { pidx: PIDX } }]);
    });

    it("takes the lookup's transaction_id, not the callback's, and the pidx when the lookup gives none", async () => {
      const callback = khaltiCallback({ transaction_id: 'ForgedByTheBrowser' });
      expect(await verifier.verify(callback, context())).to.deep.equal({ kind: 'verified', reference: 'GFq9PFS7b2iYvL8Lir9oXe' });
      answer = lookupAnswer('Completed', { transaction_id: null });
      expect(await verifier.verify(callback, context())).to.deep.equal({ kind: 'verified', reference: PIDX });
    });

    it('trusts the lookup over the callback: a callback claiming "User canceled" is paid when the lookup says Completed', async () => {
      expect(await verifier.verify(khaltiCallback({ status: 'User canceled' }), context())).to.deep.equal({
        kind: 'verified',
        reference: 'GFq9PFS7b2iYvL8Lir9oXe',
      });
    });

    it('rejects when the lookup says Completed for another amount', async () => {
      answer = lookupAnswer('Completed', { total_amount: 1_000 });
      expect(await verifier.verify(khaltiCallback(), context())).to.deep.equal({
        kind: 'rejected',
        error: 'amount mismatch: the gateway reported 1000 paisa, the order total is 150000 paisa',
      });
    });

    it('never asks the lookup about a callback for another pidx or amount', async () => {
      expect((await verifier.verify(khaltiCallback({ pidx: 'AnotherPidx' }), context())).kind).to.equal('rejected');
      expect((await verifier.verify(khaltiCallback({ total_amount: 'abc' }), context())).kind).to.equal('rejected');
      expect(asked).to.have.length(0);
    });

    for (const status of ['Pending', 'Initiated']) {
      it(`leaves the payment pending while the lookup says ${status}`, async () => {
        answer = lookupAnswer(status);
        expect(await verifier.verify(khaltiCallback(), context())).to.deep.equal({ kind: 'pending', detail: `Khalti lookup ${status}` });
      });
    }

    // Khalti answers lookups of expired and cancelled payments with HTTP 400 and the usual body.
    for (const [status, httpStatus] of [
      ['Refunded', 200],
      ['Partially refunded', 200],
      ['Expired', 400],
      ['User canceled', 400],
    ] as const) {
      it(`rejects a Completed callback when the lookup says ${status} (HTTP ${httpStatus})`, async () => {
        answer = lookupAnswer(status, {}, httpStatus);
        expect(await verifier.verify(khaltiCallback(), context())).to.deep.equal({
          kind: 'rejected',
          error: `Khalti lookup said ${status}, not Completed`,
        });
      });
    }

    for (const [name, reply] of [
      ['answers 500', () => ({ status: 500, body: '{"detail":"Internal server error"}' })],
      ['answers 503 with no body', () => ({ status: 503, body: '' })],
      ['answers 401 (a wrong key)', () => ({ status: 401, body: '{"detail":"Invalid token.","status_code":401}' })],
      ['answers 200 with a body that is not JSON', () => ({ status: 200, body: '<html>maintenance</html>' })],
      ['answers 200 without a known status', lookupAnswer('Paid')],
      ['answers about another pidx', () => lookupAnswer('Completed')('AnotherPidx')],
      ['answers without total_amount', lookupAnswer('Completed', { total_amount: '150000' })],
    ] as const) {
      it(`throws GatewayUnavailableError (retry later, order untouched) when the lookup ${name}`, async () => {
        answer = reply;
        expect(await thrownBy(verifier.verify(khaltiCallback(), context()))).to.be.instanceOf(GatewayUnavailableError);
        expect(asked).to.have.length(1);
      });
    }

    it('throws GatewayUnavailableError when Khalti is not reachable', async () => {
      const unreachable = verifierAt(`${await unusedAddress()}/api/v2`);
      const error = await thrownBy(unreachable.verify(khaltiCallback(), context()));
      expect(error).to.be.instanceOf(GatewayUnavailableError).with.property('message').that.matches(/did not answer/);
    });
  });

  describe('state', () => {
    for (const [status, state, httpStatus] of [
      ['Completed', 'completed', 200],
      ['Pending', 'pending', 200],
      ['Initiated', 'pending', 200],
      ['Refunded', 'not_completed', 200],
      ['Partially refunded', 'not_completed', 200],
      ['Expired', 'not_completed', 400],
      ['User canceled', 'not_completed', 400],
    ] as const) {
      it(`reads lookup status ${status} as ${state}`, async () => {
        answer = lookupAnswer(status, {}, httpStatus);
        expect(await verifier.state(context())).to.equal(state);
        expect(asked.map((request) => request.body)).to.deep.equal([{ pidx: PIDX }]);
      });
    }

    it('throws GatewayUnavailableError when the lookup is unreachable or answers an error', async () => {
      const unreachable = verifierAt(`${await unusedAddress()}/api/v2`);
      expect(await thrownBy(unreachable.state(context()))).to.be.instanceOf(GatewayUnavailableError);
      answer = () => ({ status: 502, body: 'Bad Gateway' });
      expect(await thrownBy(verifier.state(context()))).to.be.instanceOf(GatewayUnavailableError);
    });
  });
});
