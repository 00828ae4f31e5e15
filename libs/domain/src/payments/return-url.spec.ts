import { expect } from 'chai';
import { isAllowedReturnUrl } from './return-url';

describe(isAllowedReturnUrl.name, () => {
  const shop = { allowedOrigins: ['https://shop.example', 'http://localhost:3002'], isProduction: false };
  const anyOrigin = { allowedOrigins: ['*'], isProduction: false };

  it('allows an absolute http(s) URL on a listed origin', () => {
    expect(isAllowedReturnUrl('https://shop.example/orders/done?tab=1#top', shop)).to.equal(true);
    expect(isAllowedReturnUrl('http://localhost:3002/api/payments/return-demo', shop)).to.equal(true);
    expect(isAllowedReturnUrl('HTTPS://SHOP.EXAMPLE/x', shop)).to.equal(true);
  });

  it('refuses other origins, schemes and credentials', () => {
    for (const url of [
      'https://evil.example/',
      'https://shop.example.evil.example/',
      'https://shop.example@evil.example/',
      'https://user:pw@shop.example/',
      'http://shop.example/',
      'https://shop.example:8443/',
      'javascript:alert(1)//https://shop.example/',
      'data:text/html,hi',
      '//shop.example/',
      '/relative',
      'not a url',
    ]) {
      expect(isAllowedReturnUrl(url, shop), url).to.equal(false);
    }
  });

  // Browsers repair each of these into http://evil.example/ (or the allowed host), so a check on the
  // parsed URL alone would judge a different URL than the one that looks allowed.
  for (const url of [
    'http:/\\evil.example',
    'http:\\\\evil.example',
    'https:\\/evil.example/',
    'http:evil.example',
    'http:/evil.example',
    'http:///evil.example',
    'https://shop.example\\@evil.example/',
    'https://shop.example/\\evil.example',
    ' https://shop.example/',
    'https://shop.example/\n',
    'https://sh\top.example/',
    'https://shop.example/\u0000',
    `https://shop.example/${'a'.repeat(2048)}`,
  ]) {
    it(`refuses the odd form ${JSON.stringify(url.slice(0, 40))} even when any origin is allowed`, () => {
      expect(isAllowedReturnUrl(url, anyOrigin)).to.equal(false);
      expect(isAllowedReturnUrl(url, shop)).to.equal(false);
    });
  }

  it('allows any plain http(s) URL for "*" outside production only', () => {
    expect(isAllowedReturnUrl('http://localhost:4200/cb', anyOrigin)).to.equal(true);
    expect(isAllowedReturnUrl('http://localhost:4200/cb', { allowedOrigins: ['*'], isProduction: true })).to.equal(false);
  });
});
