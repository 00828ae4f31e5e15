import type { Walk } from './walk';

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** README "Authentication in one minute": its five commands, then the claims it states. */
export async function authWalkthrough(w: Walk): Promise<void> {
  const registered = await w.curl('register', String.raw`curl -s -XPOST localhost:3002/api/auth/register -H 'content-type: application/json' \
  -d '{"email":"me@example.com","password":"a long passphrase","fullName":"Me"}'`, { expect: 201 });
  w.check('register', registered.body?.data, 'no data in the answer', registered);

  const login = await w.curl('login', String.raw`curl -s -XPOST localhost:3002/api/auth/login -H 'content-type: application/json' \
  -d '{"email":"me@example.com","password":"a long passphrase"}'`, { expect: 200 });
  const { accessToken, refreshToken } = login.body?.data ?? {};
  w.check('login', typeof accessToken === 'string' && typeof refreshToken === 'string', 'the README promises accessToken and refreshToken', login);
  w.vars['ACCESS'] = accessToken;
  w.vars['ME_ACCESS'] = accessToken;
  w.vars['REFRESH'] = refreshToken;
  const claim = claims(accessToken);
  w.check('login', claim.typ === 'customer' && claim.sub && claim.iat && claim.exp, `claims sub, typ customer, iat, exp expected: ${JSON.stringify(claim)}`);

  const me = await w.curl('me', String.raw`curl -s localhost:3002/api/auth/me -H "authorization: Bearer $ACCESS"`, { expect: 200 });
  w.check('me', JSON.stringify(me.body?.data ?? {}).includes('me@example.com'), 'me does not show me@example.com', me);

  const refresh = String.raw`curl -s -XPOST localhost:3002/api/auth/refresh -H 'content-type: application/json' -d "{\"refreshToken\":\"$REFRESH\"}"`;
  const rotated = await w.curl('refresh', refresh, { expect: 200 });
  const successor = rotated.body?.data?.refreshToken;
  w.check('refresh', typeof successor === 'string' && successor !== refreshToken, 'refresh must rotate the refresh token', rotated);

  // The reuse grace: a used token replayed within 20 s is refused, the family lives on.
  const replay = await w.curl('refresh replayed within the grace', refresh, { expect: 401 });
  w.check('refresh replayed within the grace', replay.body?.errorCode === 'AUTH_INVALID_REFRESH_TOKEN', 'errorCode AUTH_INVALID_REFRESH_TOKEN expected', replay);
  w.vars['REFRESH'] = successor;
  await w.curl('the successor still refreshes', refresh, { expect: 200 });

  const admin = await w.curl('admin login', String.raw`curl -s -XPOST localhost:3001/api/admin/auth/login -H 'content-type: application/json' \
  -d '{"email":"admin@example.com","password":"admin-password-123"}'`, { expect: 200 });
  const adminToken = admin.body?.data?.accessToken;
  w.check('admin login', typeof adminToken === 'string', 'no accessToken', admin);
  const adminClaim = claims(adminToken);
  w.check('admin login', adminClaim.typ === 'admin' && [adminClaim.permissions].flat().includes('*'), `typ admin with permissions "*" expected: ${JSON.stringify(adminClaim)}`);
  w.vars['ADMIN_ACCESS'] = adminToken;
  await w.request('admin me', 'GET', `${w.urls.admin}/api/admin/auth/me`, { headers: { authorization: `Bearer ${adminToken}` }, expect: 200 });

  await w.request('mobile login (same routes under /api/mobile/auth/)', 'POST', `${w.urls.customer}/api/mobile/auth/login`, {
    json: { email: 'me@example.com', password: 'a long passphrase' },
    expect: 200,
  });
  const wrong = await w.request('wrong password: { message, errorCode }', 'POST', `${w.urls.customer}/api/auth/login`, {
    json: { email: 'me@example.com', password: 'not the passphrase' },
    expect: 401,
  });
  w.check('wrong password', typeof wrong.body?.message === 'string' && typeof wrong.body?.errorCode === 'string', 'the error envelope is { message, errorCode }', wrong);
}
