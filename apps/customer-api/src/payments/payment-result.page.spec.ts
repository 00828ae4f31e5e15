import { expect } from 'chai';
import { escapeHtml, forwardUrl, renderPaymentResultPage } from './payment-result.page';

describe('payment result page rules', () => {
  it('does not honour "*" in production', () => {
    const query = { paymentStatus: 'success' as const, next: 'https://shop.example/' };
    expect(forwardUrl(query, { allowedOrigins: ['*'], isProduction: false })).to.equal('https://shop.example/?payment_status=success');
    expect(forwardUrl(query, { allowedOrigins: ['*'], isProduction: true })).to.equal(null);
    expect(forwardUrl(query, { allowedOrigins: ['https://shop.example/'], isProduction: true })).to.equal(
      'https://shop.example/?payment_status=success',
    );
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('escapes every echoed value even if one got past the query checks', () => {
    const xss = `"><script>alert(1)</script>'`;
    const html = renderPaymentResultPage(
      { paymentStatus: 'failed', paymentId: xss, referenceType: 'order', referenceId: xss },
      `https://shop.example/?q=${xss}`,
    );
    expect(html).not.to.include('<script').and.not.include(`"><s`);
    expect(html).to.include('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#39;');
  });
});
