import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import { AccessTokenService, Authenticator } from '@platform/domain';
import { adminToken, createChannel, createCustomer, customerToken, eventually, invalidTokenCases, refusedTokenCode } from '@platform/testing';
import { closeTestInfrastructure, connect, realtimeInfrastructure, refusal, request, RealtimeInstance, startCustomerApi } from './realtime.test-helper';

/**
 * The socket.io handshake (CONTRACT section 9; issue 23 "Realtime"): the access token in
 * `auth.token`, verified as the HTTP routes verify it, customers only; a refused client reads why
 * in `connect_error`. The token's expiry ends the session.
 */
describe('customer-api realtime: handshake and session', () => {
  let infra: Infrastructure;
  let api: RealtimeInstance;

  before(async () => {
    infra = await realtimeInfrastructure('connect');
    api = await startCustomerApi(infra);
  });

  after(async () => {
    await api.close();
    await closeTestInfrastructure(infra);
  });

  it('refuses a handshake without a token, with UNAUTHORIZED the client can read', async () => {
    expect(await refusal(api.url, undefined)).to.deep.equal({
      message: 'UNAUTHORIZED',
      data: { errorCode: 'UNAUTHORIZED', message: 'Send the access token in auth.token' },
    });
    expect(await refusal(api.url, '')).to.have.property('message', 'UNAUTHORIZED');
  });

  it('refuses every token an HTTP route refuses (TOKEN_EXPIRED for a genuine expired one)', async () => {
    const customer = await createCustomer(api.app.container);
    for (const [name, header] of invalidTokenCases('customer', customer.id)) {
      if (header === undefined) continue;
      // The HTTP cases are header values; a socket sends the token itself (a `Bearer ` prefix is also taken).
      const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
      const refused = await refusal(api.url, token);
      expect(refused.message, name).to.equal('UNAUTHORIZED');
      expect(refused.data?.errorCode, name).to.equal(refusedTokenCode(name));
    }
  });

  it('refuses an admin token and the token of a customer who no longer exists', async () => {
    const admin = adminToken(api.app.container, ['*']);
    expect(await refusal(api.url, admin)).to.deep.equal({
      message: 'UNAUTHORIZED',
      data: { errorCode: 'UNAUTHORIZED', message: 'A customer access token is required' },
    });
    const gone = await refusal(api.url, customerToken(api.app.container, randomUUID()));
    expect([gone.message, gone.data?.errorCode]).to.deep.equal(['UNAUTHORIZED', 'UNAUTHORIZED']);
  });

  it('accepts a customer token, bare or with its Bearer prefix, and the socket may join a room', async () => {
    const customer = await createCustomer(api.app.container);
    const channel = await createChannel();
    for (const token of [customer.accessToken, `Bearer ${customer.accessToken}`]) {
      const socket = await connect(api.url, token);
      try {
        expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
      } finally {
        socket.close();
      }
    }
  });

  it('shuts down with the app: sockets are closed as a transport close (clients reconnect elsewhere), without waiting for the deadline', async () => {
    const own = await startCustomerApi(infra, undefined, { shutdownTimeoutMs: 10_000 });
    const customer = await createCustomer(own.app.container);
    const socket = await connect(own.url, customer.accessToken);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).to.be.below(2_000);
    expect(await reason).to.equal('transport close');
    expect(own.realtime.io.of('/').sockets.size).to.equal(0);
  });

  /** An instance whose handshake lookup of the customer runs `around` instead (the real lookup passed in). */
  const withLookup = (around: (lookup: Authenticator['actorFromClaims'], ...args: Parameters<Authenticator['actorFromClaims']>) => ReturnType<Authenticator['actorFromClaims']>) =>
    startCustomerApi(infra, (app) => {
      const authenticator = app.container.get(Authenticator);
      const lookup = authenticator.actorFromClaims.bind(authenticator);
      authenticator.actorFromClaims = (...args) => around(lookup, ...args);
    });

  it('answers SERVICE_UNAVAILABLE, not UNAUTHORIZED, when the handshake cannot look the customer up', async () => {
    const failing = await withLookup(() => Promise.reject(new Error('connection terminated')));
    try {
      const customer = await createCustomer(failing.app.container);
      expect(await refusal(failing.url, customer.accessToken)).to.deep.equal({
        message: 'SERVICE_UNAVAILABLE',
        data: { errorCode: 'SERVICE_UNAVAILABLE', message: 'Could not check the access token; connect again shortly' },
      });
    } finally {
      await failing.close();
    }
  });

  it('a token that expires during the handshake lookup ends the session at once, and the socket is forgotten', async function () {
    this.timeout(10_000);
    const slow = await withLookup(async (lookup, claims) => {
      await new Promise((resolve) => setTimeout(resolve, Number(claims.exp) * 1000 - Date.now() + 100));
      return lookup(claims);
    });
    try {
      const customer = await createCustomer(slow.app.container);
      const token = slow.app.container.get(AccessTokenService).sign({ kind: 'customer', id: customer.id }, 1);
      const socket = await connect(slow.url, token);
      const reason = await new Promise<string>((resolve) => (socket.disconnected ? resolve('io server disconnect') : socket.once('disconnect', resolve)));
      expect(reason).to.equal('io server disconnect');
      await eventually(async () => slow.realtime.io.of('/').sockets.size === 0);
      expect(slow.realtime.sessions.socketsOf(customer.id)).to.equal(0);
    } finally {
      await slow.close();
    }
  });

  it('shuts down promptly when Redis was down at boot (the adapter connections never came up)', async () => {
    const down = await realtimeInfrastructure('connect-redis-down', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const own = await startCustomerApi(down);
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).to.be.below(2_000);
    } finally {
      await closeTestInfrastructure(down);
    }
  });

  it('disconnects the socket when its token expires; the client connects again with a fresh token', async function () {
    this.timeout(10_000);
    const customer = await createCustomer(api.app.container);
    const channel = await createChannel();
    const tokens = api.app.container.get(AccessTokenService);
    const shortLived = tokens.sign({ kind: 'customer', id: customer.id }, 2);
    const expiresAt = Number(tokens.verifySignature(shortLived)?.claims.exp) * 1000;
    const socket = await connect(api.url, shortLived);
    expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const endedAt = Date.now();
    expect(reason).to.equal('io server disconnect');
    // At exp (jsonwebtoken's second), not before it and not long after.
    expect(endedAt).to.be.within(expiresAt - 50, expiresAt + 1_000);
    expect(api.inRoom(`channel:${channel.id}`, customer.id)).to.equal(false);
    expect((await refusal(api.url, shortLived)).data?.errorCode).to.equal('TOKEN_EXPIRED');

    socket.auth = { token: tokens.sign({ kind: 'customer', id: customer.id }) };
    socket.connect();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      expect(await request(socket, 'join', `channel:${channel.id}`)).to.deep.equal({ ok: true });
    } finally {
      socket.close();
    }
  });
});
