import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { ContainerInstance } from 'typedi';
import { AccessTokenService, RegisterCustomerUseCase } from '@platform/domain';
import { TEST_ENV } from './test-environment';

export const uniqueEmail = (label = 'user') => `${label}.${randomBytes(5).toString('hex')}@example.com`;

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** A fresh customer per test (instead of truncating tables between tests). */
export async function createCustomer(container: ContainerInstance, overrides: { email?: string; password?: string } = {}): Promise<TestCustomer> {
  const email = overrides.email ?? uniqueEmail('customer');
  const password = overrides.password ?? 'correct horse battery';
  const session = await container
    .get(RegisterCustomerUseCase)
    .execute({ email, password, fullName: 'Test Customer' });
  return { id: session.user.id, email, password, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

/** An admin access token with exactly these permissions (`sub` need not match an admin row). */
export function adminToken(container: ContainerInstance, permissions: string[], id = '01900000-0000-7000-8000-00000000a001'): string {
  return container.get(AccessTokenService).sign({ kind: 'admin', id, permissions });
}

export function customerToken(container: ContainerInstance, id: string): string {
  return container.get(AccessTokenService).sign({ kind: 'customer', id });
}

/** The errorCode a refused token case gets: TOKEN_EXPIRED for the well-signed expired one (CONTRACT section 3). */
export const refusedTokenCode = (name: string) => (name === 'an expired token' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');

/**
 * Every way a bearer token must be refused with 401 (CONTRACT section 3), for a customer route
 * (`typ: customer`) or an admin route (`typ: admin`).
 */
export function invalidTokenCases(typ: 'customer' | 'admin', sub: string): Array<[string, string | undefined]> {
  const secret = TEST_ENV['JWT_SECRET'];
  const claims = typ === 'admin' ? { typ, permissions: ['*'] } : { typ };
  const now = Math.floor(Date.now() / 1000);
  // Suites build these when their file loads, so they must outlive the whole run (a slow run takes
  // well over 10 minutes): a token that expired meanwhile would answer TOKEN_EXPIRED instead.
  const lifetime = 24 * 3600;
  const unsigned = (payload: object) =>
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...payload, sub, iat: now, exp: now + lifetime })}.`;
  return [
    ['no Authorization header', undefined],
    ['a malformed token', 'Bearer not.a.jwt'],
    ['a non-bearer scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['an expired token', `Bearer ${jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, secret, { subject: sub })}`],
    ['a token signed with another key', `Bearer ${jwt.sign(claims, 'some-other-secret-0123456789', { subject: sub, expiresIn: lifetime })}`],
    ['an alg:none token', `Bearer ${unsigned(claims)}`],
    ['a token without typ', `Bearer ${jwt.sign({}, secret, { subject: sub, expiresIn: lifetime })}`],
  ];
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
