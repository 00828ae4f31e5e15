import { expect } from 'chai';
import { signedUrlMessage } from './signed-url-message';

describe(signedUrlMessage.name, () => {
  it('says "Signed URL generated" when the URL has an expiry', () => {
    expect(signedUrlMessage({ expiresAt: Date.now() + 60_000 })).to.equal('Signed URL generated');
    expect(signedUrlMessage({ expiresAt: 0 })).to.equal('Signed URL generated');
  });

  it('says "Local URL resolved" when expiresAt is null (a stable URL)', () => {
    expect(signedUrlMessage({ expiresAt: null })).to.equal('Local URL resolved');
  });
});
