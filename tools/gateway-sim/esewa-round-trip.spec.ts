import { expect } from 'chai';
import { buildEsewaForm, checkEsewaStatus, decodeEsewaCallback, signEsewa, verifyEsewaSignature } from '@platform/domain';
import { startSimulator } from './sim.test-helper';

const MERCHANT = 'http://localhost:3002/api/payments/redirect/7';

describe('eSewa round trip through the gateway simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let attempt = 0;

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  function form(totalPaisa = 199_900) {
    attempt += 1;
    const transactionUuid = `pay-7-${attempt}-${Date.now()}`;
    return buildEsewaForm({ totalPaisa, transactionUuid, successUrl: `${MERCHANT}/success`, failureUrl: `${MERCHANT}/failure` }, sim.esewa);
  }

  /** What the browser does with the payment-init response: post the form to ESEWA_FORM_URL. */
  function postForm(fields: Record<string, string>) {
    return fetch(sim.esewa.formUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  }

  for (const totalPaisa of [199_900, 199_950]) {
    it(`approves a ${totalPaisa} paisa payment: signed callback to success_url, then the status API says COMPLETE`, async () => {
      const fields = form(totalPaisa);
      const page = await postForm({ ...fields });
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('Approve payment');
      expect(await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa }, sim.esewa)).to.deep.include({
        ok: true,
        value: { status: 'PENDING', refId: null, totalPaisa },
      });

      const location = new URL((await sim.decide('esewa', fields.transaction_uuid, 'approve')) as string);
      expect(`${location.origin}${location.pathname}`).to.equal(`${MERCHANT}/success`);
      const decoded = decodeEsewaCallback(location.searchParams.get('data'));
      if (!decoded.ok) throw new Error(decoded.message);
      expect(verifyEsewaSignature(decoded.callback.fields, sim.esewa.secretKey)).to.equal(true);
      expect(decoded.callback).to.include({ status: 'COMPLETE', transactionUuid: fields.transaction_uuid, productCode: 'EPAYTEST', totalPaisa });
      // eSewa writes the amount as a JSON number in Java's style and signs that text.
      expect(decoded.callback.totalAmount).to.equal(totalPaisa === 199_900 ? '1999.0' : '1999.5');
      expect(decoded.callback.signedFieldNames).to.equal('transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names');

      const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa }, sim.esewa);
      expect(status).to.deep.equal({ ok: true, value: { status: 'COMPLETE', refId: decoded.callback.transactionCode, totalPaisa } });
    });
  }

  it('declines: the browser goes back to failure_url as given, and the status API says CANCELED', async () => {
    const fields = form();
    expect((await postForm({ ...fields })).status).to.equal(200);
    expect(await sim.decide('esewa', fields.transaction_uuid, 'decline')).to.equal(`${MERCHANT}/failure`);
    const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa: 199_900 }, sim.esewa);
    expect(status).to.deep.include({ ok: true, value: { status: 'CANCELED', refId: null, totalPaisa: 199_900 } });
  });

  it('refuses a form whose amount was changed after signing, and remembers nothing of it', async () => {
    const fields = form();
    const page = await postForm({ ...fields, amount: '1.00', total_amount: '1.00' });
    expect(page.status).to.equal(400);
    expect(await page.text()).to.include('Invalid payload signature');
    const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa: 100 }, sim.esewa);
    expect(status).to.deep.include({ ok: true, value: { status: 'NOT_FOUND', refId: null, totalPaisa: 100 } });
  });

  it('refuses a form signed with another secret or for another merchant', async () => {
    const forged = buildEsewaForm(
      { totalPaisa: 100, transactionUuid: `forged-${Date.now()}`, successUrl: `${MERCHANT}/success`, failureUrl: `${MERCHANT}/failure` },
      { productCode: 'EPAYTEST', secretKey: 'not-the-merchant-secret' },
    );
    expect((await postForm({ ...forged })).status).to.equal(400);
    const otherMerchant = buildEsewaForm(
      { totalPaisa: 100, transactionUuid: `other-${Date.now()}`, successUrl: `${MERCHANT}/success`, failureUrl: `${MERCHANT}/failure` },
      { productCode: 'OTHERSHOP', secretKey: sim.esewa.secretKey },
    );
    expect((await postForm({ ...otherMerchant })).status).to.equal(400);
  });

  it('answers NOT_FOUND when the status is asked with another amount, even for a completed payment', async () => {
    const fields = form();
    await postForm({ ...fields });
    await sim.decide('esewa', fields.transaction_uuid, 'approve');
    const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa: 100 }, sim.esewa);
    expect(status.ok && status.value.status).to.equal('NOT_FOUND');
  });

  it('accepts the amount written without decimals ("1999") and compares it numerically', async () => {
    const fields = form();
    const signed = buildEsewaForm(
      { totalPaisa: 199_900, transactionUuid: fields.transaction_uuid, successUrl: fields.success_url, failureUrl: fields.failure_url },
      sim.esewa,
    );
    expect(signed.total_amount).to.equal('1999.00');
    // Re-sign the whole-rupee spelling the way a merchant using "1999" would.
    const whole = { ...signed, amount: '1999', total_amount: '1999' };
    whole.signature = signEsewa(whole, whole.signed_field_names, sim.esewa.secretKey);
    expect((await postForm(whole)).status).to.equal(200);
    const status = await checkEsewaStatus({ transactionUuid: fields.transaction_uuid, totalPaisa: 199_900 }, sim.esewa);
    expect(status.ok && status.value.status).to.equal('PENDING');
  });

  it('decides once: a second decision on the same payment is refused', async () => {
    const fields = form();
    await postForm({ ...fields });
    await sim.decide('esewa', fields.transaction_uuid, 'approve');
    const again = await fetch(`${sim.url}/__sim/esewa/${fields.transaction_uuid}/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'decline' }),
    });
    expect(again.status).to.equal(409);
  });
});
