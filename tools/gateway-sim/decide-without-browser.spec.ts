import { expect } from 'chai';
import { buildEsewaForm, checkEsewaStatus, decodeEsewaCallback, initiateKhalti, verifyEsewaSignature } from '@platform/domain';
import { startSimulator } from './sim.test-helper';

const MERCHANT = 'http://localhost:3002/api/payments/redirect/9';

/** README "Payment gateways and the simulator": tests decide a payment without a browser (issue 18). */
describe('gateway simulator: deciding without the browser', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let attempt = 0;

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  function gatewayPayload(totalPaisa = 250_000): Record<string, string> {
    attempt += 1;
    const input = { totalPaisa, transactionUuid: `direct-${attempt}-${Date.now()}`, successUrl: `${MERCHANT}/success`, failureUrl: `${MERCHANT}/failure` };
    return { ...buildEsewaForm(input, sim.esewa) };
  }
  const control = (id: string, body: object) =>
    fetch(`${sim.url}/__sim/esewa/${id}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('eSewa: approves from the checkout gatewayPayload alone (no form post): signed callback, status COMPLETE', async () => {
    const fields = gatewayPayload();
    const location = new URL((await sim.decide('esewa', fields.transaction_uuid, 'approve', fields)) as string);
    expect(`${location.origin}${location.pathname}`).to.equal(`${MERCHANT}/success`);
    const decoded = decodeEsewaCallback(location.searchParams.get('data'));
    if (!decoded.ok) throw new Error(decoded.message);
    expect(verifyEsewaSignature(decoded.callback.fields, sim.esewa.secretKey)).to.equal(true);
    expect(decoded.callback).to.include({ status: 'COMPLETE', transactionUuid: fields.transaction_uuid, totalPaisa: 250_000 });
    const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa: 250_000 }, sim.esewa);
    expect(status).to.deep.include({ ok: true, value: { status: 'COMPLETE', refId: decoded.callback.transactionCode, totalPaisa: 250_000 } });
  });

  it('eSewa: declines from just total_amount, success_url and failure_url', async () => {
    const id = `direct-decline-${Date.now()}`;
    const body = { total_amount: '1999.5', success_url: `${MERCHANT}/success`, failure_url: `${MERCHANT}/failure` };
    expect(await sim.decide('esewa', id, 'decline', body)).to.equal(`${MERCHANT}/failure`);
    expect(await checkEsewaStatus({ transactionUuid: id, totalPaisa: 199_950 }, sim.esewa)).to.deep.include({ ok: true, value: { status: 'CANCELED', refId: null, totalPaisa: 199_950 } });
  });

  it('eSewa: an unknown transaction with nothing to describe it is 404 saying what to send; another merchant is refused', async () => {
    const bare = await control('never-posted', { outcome: 'approve' });
    expect(bare.status).to.equal(404);
    expect(((await bare.json()) as { message: string }).message).to.include('total_amount').and.include('success_url');
    const fields = gatewayPayload();
    expect((await control(fields.transaction_uuid, { ...fields, product_code: 'SOMEONE_ELSE', outcome: 'approve' })).status).to.equal(404);
    expect((await control(fields.transaction_uuid, { ...fields, success_url: 'javascript:alert(1)', outcome: 'approve' })).status).to.equal(404);
  });

  it('eSewa: a form posted later for a transaction decided this way is refused (one decision per transaction)', async () => {
    const fields = gatewayPayload();
    await sim.decide('esewa', fields.transaction_uuid, 'approve', fields);
    expect((await control(fields.transaction_uuid, { ...fields, outcome: 'approve' })).status).to.equal(409);
    const page = await fetch(sim.esewa.formUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    expect(page.status).to.equal(400);
  });

  it('Khalti: decides from the pidx right after initiate, without opening the payment page', async () => {
    const session = await initiateKhalti(
      { amountPaisa: 150_000, purchaseOrderId: `ORD-direct-${Date.now()}`, purchaseOrderName: 'Course', returnUrl: `${MERCHANT}/success`, websiteUrl: 'http://localhost:3002' },
      sim.khalti,
    );
    if (!session.ok) throw new Error(session.message);
    const location = new URL((await sim.decide('khalti', session.value.pidx, 'approve')) as string);
    expect(location.searchParams.get('status')).to.equal('Completed');
    expect(location.searchParams.get('pidx')).to.equal(session.value.pidx);
  });
});
