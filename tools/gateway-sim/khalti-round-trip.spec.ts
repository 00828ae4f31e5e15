import { expect } from 'chai';
import { initiateKhalti, KhaltiInitiateInput, lookupKhalti } from '@platform/domain';
import { startSimulator } from './sim.test-helper';

const RETURN_URL = 'http://localhost:3002/api/payments/redirect/9/success';

describe('Khalti round trip through the gateway simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let order = 0;

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  function payment(overrides: Partial<KhaltiInitiateInput> = {}): KhaltiInitiateInput {
    order += 1;
    return {
      amountPaisa: 150_000,
      purchaseOrderId: `ORD-${order}`,
      purchaseOrderName: `Course & <book> ${order}`,
      returnUrl: RETURN_URL,
      websiteUrl: 'http://localhost:3002',
      customerInfo: { name: 'Sita', email: 'sita@example.com', phone: '9800000001' },
      ...overrides,
    };
  }

  async function initiated(input = payment()) {
    const session = await initiateKhalti(input, sim.khalti);
    if (!session.ok) throw new Error(session.message);
    return session.value;
  }

  it('approves: initiate with the key, pay page, callback with the transaction, lookup says Completed', async () => {
    const input = payment();
    const session = await initiated(input);
    expect(session.paymentUrl).to.equal(`${sim.url}/khalti/pay/${session.pidx}`);
    expect(session.expiresInSeconds).to.equal(1800);
    const page = await fetch(session.paymentUrl);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('Course &amp; &lt;book&gt;').and.include('Approve payment');
    expect(await lookupKhalti(session.pidx, sim.khalti)).to.deep.include({ ok: true, value: initiatedLookup(session.pidx) });

    const location = new URL((await sim.decide('khalti', session.pidx, 'approve')) as string);
    expect(`${location.origin}${location.pathname}`).to.equal(RETURN_URL);
    const callback = Object.fromEntries(location.searchParams);
    expect(callback).to.include({
      pidx: session.pidx,
      status: 'Completed',
      amount: '150000',
      total_amount: '150000',
      mobile: '98XXXXX001',
      purchase_order_id: input.purchaseOrderId,
      purchase_order_name: input.purchaseOrderName,
    });
    expect(callback['transaction_id']).to.have.length.greaterThan(0);
    expect([callback['tidx'], callback['txnId']]).to.deep.equal([callback['transaction_id'], callback['transaction_id']]);

    expect(await lookupKhalti(session.pidx, sim.khalti)).to.deep.equal({
      ok: true,
      value: { pidx: session.pidx, status: 'Completed', totalAmount: 150_000, transactionId: callback['transaction_id'], fee: 0, refunded: false },
    });
  });

  it('declines: the callback says "User canceled" with no transaction ids, and so does the lookup', async () => {
    const session = await initiated();
    const location = new URL((await sim.decide('khalti', session.pidx, 'decline')) as string);
    expect(location.search).to.include('status=User%20canceled');
    expect(Object.fromEntries(location.searchParams)).to.include({ pidx: session.pidx, status: 'User canceled', transaction_id: '', tidx: '' });
    const lookup = await lookupKhalti(session.pidx, sim.khalti);
    expect(lookup).to.deep.include({ ok: true });
    expect(lookup.ok && lookup.value).to.include({ status: 'User canceled', transactionId: null });
  });

  it('keeps a pending payment Pending until it is decided', async () => {
    const session = await initiated();
    const location = new URL((await sim.decide('khalti', session.pidx, 'pending')) as string);
    expect(location.searchParams.get('status')).to.equal('Pending');
    const lookup = await lookupKhalti(session.pidx, sim.khalti);
    expect(lookup.ok && lookup.value.status).to.equal('Pending');
    await sim.decide('khalti', session.pidx, 'approve');
    const after = await lookupKhalti(session.pidx, sim.khalti);
    expect(after.ok && after.value.status).to.equal('Completed');
  });

  it('refuses a wrong key with 401 "Invalid token." on initiate and lookup', async () => {
    const wrongKey = { ...sim.khalti, secretKey: 'not-the-key' };
    for (const result of [await initiateKhalti(payment(), wrongKey), await lookupKhalti('anything', wrongKey)]) {
      expect(result).to.deep.include({ ok: false, reason: 'rejected', httpStatus: 401 });
      expect(result.ok || result.message).to.include('Invalid token.').and.not.include('not-the-key');
    }
  });

  it('refuses an amount under 1000 paisa with 400 and the validation message', async () => {
    const result = await initiateKhalti(payment({ amountPaisa: 999 }), sim.khalti);
    expect(result).to.deep.include({ ok: false, reason: 'rejected', httpStatus: 400 });
    expect(result.ok || result.message).to.equal('Khalti initiate refused: amount: Amount should be greater than Rs. 10, that is 1000 paisa.');
  });

  it('answers an unknown pidx with 404 "Not found."', async () => {
    const result = await lookupKhalti('NoSuchPidx', sim.khalti);
    expect(result).to.deep.include({ ok: false, reason: 'rejected', httpStatus: 404 });
  });

  it('expires a link nobody decided: the page is gone and the lookup says Expired', async () => {
    const shortLived = await startSimulator({ khaltiExpiresInSeconds: 0 });
    try {
      const session = await initiateKhalti(payment(), shortLived.khalti);
      if (!session.ok) throw new Error(session.message);
      expect((await fetch(session.value.paymentUrl)).status).to.equal(410);
      const lookup = await lookupKhalti(session.value.pidx, shortLived.khalti);
      expect(lookup.ok && lookup.value.status).to.equal('Expired');
    } finally {
      await shortLived.close();
    }
  });
});

function initiatedLookup(pidx: string) {
  return { pidx, status: 'Initiated', totalAmount: 150_000, transactionId: null, fee: 0, refunded: false };
}
