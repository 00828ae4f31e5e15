import { expect } from 'chai';
import { escapeHtml, forwardUrl, MAX_POLLS, parsePaymentResultQuery, renderPaymentResultPage, resultModel } from './payment-result.page';

describe('payment result page rules', () => {
  const rules = { allowedOrigins: ['https://shop.example'], isProduction: false };
  const view = { paymentId: 42, orderId: 7, state: 'pending' as const, returnUrl: 'https://shop.example/done?payment_status=forged' };
  const query = (extra: Record<string, string> = {}) => parsePaymentResultQuery({ payment_id: '42', token: 'tok', ...extra });

  it('does not honour "*" in production', () => {
    const fields = { payment_status: 'success' as const, payment_id: 1, reference: { type: 'order' as const, id: 2 } };
    expect(forwardUrl('https://shop.example/', fields, { allowedOrigins: ['*'], isProduction: false })).to.match(/^https:\/\/shop\.example\/\?payment_status=success/);
    expect(forwardUrl('https://shop.example/', fields, { allowedOrigins: ['*'], isProduction: true })).to.equal(null);
  });

  it('polls while pending, then says it is still being confirmed, and never forwards meanwhile', () => {
    const pending = resultModel(query(), view, rules);
    expect(pending).to.include({ state: 'pending', forward: null, refresh: '/api/payments/result?payment_id=42&token=tok&poll=1' });
    expect(resultModel(query({ poll: String(MAX_POLLS) }), view, rules)).to.include({ state: 'still_pending', forward: null, refresh: null });
  });

  it('forwards once final, with the database fields replacing any in the returnUrl', () => {
    const model = resultModel(query({ payment_status: 'pending' }), { ...view, state: 'success' }, rules);
    expect(model.refresh).to.equal(null);
    expect(Object.fromEntries(new URL(model.forward as string).searchParams)).to.deep.equal({
      payment_status: 'success',
      payment_id: '42',
      reference_type: 'order',
      reference_id: '7',
    });
  });

  it('names a training enrollment in the forward when the order was an enrollment (CONTRACT section 4)', () => {
    const model = resultModel(query(), { ...view, state: 'success' }, rules, { type: 'training_enrollment', id: 99 });
    const forwarded = new URL(model.forward as string).searchParams;
    expect([forwarded.get('reference_type'), forwarded.get('reference_id')]).to.deep.equal(['training_enrollment', '99']);
  });

  it('lets the query say failed where the database says pending, never success', () => {
    expect(resultModel(query({ payment_status: 'failed' }), view, rules).state).to.equal('failed');
    expect(resultModel(query({ payment_status: 'success' }), view, rules).state).to.equal('pending');
    expect(resultModel(query({ payment_status: 'success' }), null, rules).state).to.equal('unconfirmed');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes the forward target', () => {
    const xss = `"><script>alert(1)</script>'`;
    const html = renderPaymentResultPage({ state: 'success', view: { ...view, state: 'success' }, forward: `https://shop.example/?q=${xss}`, refresh: null });
    expect(html).not.to.include('<script').and.not.include(`"><s`);
  });
});
