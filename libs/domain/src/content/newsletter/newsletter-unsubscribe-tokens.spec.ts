import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { NewsletterUnsubscribeTokensService } from './newsletter-unsubscribe-tokens.service';

const USER = '0b8f6a52-4a63-4c36-9a1e-5a3c4f1e2d7b';
const JWT_SECRET = 'the-jwt-secret-of-this-test-0123';
const tokensWith = (env: Record<string, string>) => new NewsletterUnsubscribeTokensService(loadConfig(env));
const refusal = (tokens: NewsletterUnsubscribeTokensService, token: string) => {
  try {
    tokens.verify(token);
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

/**
 * Unsubscribe links never expire, so their key must survive a JWT_SECRET rotation:
 * NEWSLETTER_UNSUBSCRIBE_SECRET keys them when set, JWT_SECRET only while it is unset.
 */
describe(NewsletterUnsubscribeTokensService.name, () => {
  it('verifies a token made with NEWSLETTER_UNSUBSCRIBE_SECRET, whatever JWT_SECRET is now', () => {
    const issued = tokensWith({ JWT_SECRET, NEWSLETTER_UNSUBSCRIBE_SECRET: 'the-unsubscribe-secret-0123' }).issue(USER);
    const afterRotation = tokensWith({ JWT_SECRET: 'a-rotated-jwt-secret-456789', NEWSLETTER_UNSUBSCRIBE_SECRET: 'the-unsubscribe-secret-0123' });

    expect(afterRotation.verify(issued)).to.equal(USER);
  });

  it('refuses a token made with another secret, or with JWT_SECRET once a secret of its own is set', () => {
    const tokens = tokensWith({ JWT_SECRET, NEWSLETTER_UNSUBSCRIBE_SECRET: 'the-unsubscribe-secret-0123' });

    expect(refusal(tokens, tokensWith({ JWT_SECRET, NEWSLETTER_UNSUBSCRIBE_SECRET: 'another-unsubscribe-secret' }).issue(USER))).to.equal('VALIDATION_ERROR');
    expect(refusal(tokens, tokensWith({ JWT_SECRET }).issue(USER))).to.equal('VALIDATION_ERROR');
  });

  it('derives the key from JWT_SECRET while unset, so setting it to that JWT_SECRET keeps the links already sent working', () => {
    const sentBefore = tokensWith({ JWT_SECRET }).issue(USER);

    expect(tokensWith({ JWT_SECRET }).verify(sentBefore)).to.equal(USER);
    expect(refusal(tokensWith({ JWT_SECRET: 'a-rotated-jwt-secret-456789' }), sentBefore)).to.equal('VALIDATION_ERROR');
    expect(tokensWith({ JWT_SECRET: 'a-rotated-jwt-secret-456789', NEWSLETTER_UNSUBSCRIBE_SECRET: JWT_SECRET }).verify(sentBefore)).to.equal(USER);
  });
});
