import { expect } from 'chai';
import { VerifiedTokens } from './verified-tokens';

describe(VerifiedTokens.name, () => {
  const exp = 2_000_000_000;
  const claims = { sub: 'someone', typ: 'admin', permissions: ['*'], iat: exp - 900, exp };

  it('keeps a verified token until the second its exp names (jsonwebtoken: expired when now >= exp)', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('token', claims);
    expect(tokens.claimsOf('token', exp * 1000 - 1)).to.equal(claims);
    expect(tokens.claimsOf('token', exp * 1000)).to.equal(undefined);
    expect(tokens.claimsOf('token', exp * 1000 - 1), 'forgotten once expired').to.equal(undefined);
  });

  it('keeps nothing for a token without a numeric exp, and nothing it was not given', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('no-exp', { sub: 'someone' });
    tokens.remember('text-exp', { sub: 'someone', exp: String(exp) });
    expect(tokens.claimsOf('no-exp', 0)).to.equal(undefined);
    expect(tokens.claimsOf('text-exp', 0)).to.equal(undefined);
    expect(tokens.claimsOf('other', 0)).to.equal(undefined);
  });
});
