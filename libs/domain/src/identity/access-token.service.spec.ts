import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { loadConfig } from '@platform/config';
import { AccessTokenService } from './access-token.service';

describe(AccessTokenService.name, () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const customer = { kind: 'customer' as const, id: '01900000-0000-7000-8000-000000000009' };
  const verify = (service: AccessTokenService, token: string) => {
    const { key, algorithms } = service.verification();
    return jwt.verify(token, key, { algorithms }) as jwt.JwtPayload;
  };

  it('signs and verifies HS256 with JWT_SECRET by default', () => {
    const service = new AccessTokenService(loadConfig({ JWT_SECRET: 'a-secret-of-enough-length' }));
    const token = service.sign(customer);
    expect(jwt.decode(token, { complete: true })?.header.alg).to.equal('HS256');
    expect(verify(service, token)).to.include({ sub: customer.id, typ: 'customer' });
  });

  it('signs RS256 with a private key and verifies with the derived public key', () => {
    const service = new AccessTokenService(loadConfig({ JWT_PRIVATE_KEY: privateKey }));
    const token = service.sign({ kind: 'admin', id: 'ops', permissions: ['Orders_READ'] });
    expect(jwt.decode(token, { complete: true })?.header.alg).to.equal('RS256');
    expect(verify(service, token)).to.deep.include({ sub: 'ops', typ: 'admin', permissions: ['Orders_READ'] });
  });

  it('verifies with only the public key (one-line PEM with \\n escapes) but refuses to issue', () => {
    const issuer = new AccessTokenService(loadConfig({ JWT_PRIVATE_KEY: privateKey, JWT_PUBLIC_KEY: publicKey }));
    const verifier = new AccessTokenService(loadConfig({ JWT_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n') }));
    expect(verify(verifier, issuer.sign(customer)).sub).to.equal(customer.id);
    expect(() => verifier.sign(customer)).to.throw().with.property('code', 'SERVICE_UNAVAILABLE');
  });

  it('refuses an HS256 token forged with the public key as the secret (algorithm confusion)', () => {
    const verifier = new AccessTokenService(loadConfig({ JWT_PUBLIC_KEY: publicKey }));
    const forged = jwt.sign({ typ: 'customer' }, 'x'.repeat(32), { subject: customer.id, expiresIn: 60 });
    expect(() => verify(verifier, forged)).to.throw(/invalid algorithm/);
  });

  it('rejects a key that is not PEM at boot', () => {
    expect(() => loadConfig({ JWT_PUBLIC_KEY: 'not a key' })).to.throw(/JWT_PUBLIC_KEY: expected a PEM-encoded public key/);
  });
});
