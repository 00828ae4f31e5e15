import { expect } from 'chai';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Infrastructure } from '@platform/runtime';
import { RealtimeRoomsService, RoomDecision } from '@platform/domain';
import { createCustomer } from '@platform/testing';
import { MAX_PENDING_PER_SOCKET, MAX_ROOMS_PER_SOCKET, MAX_SOCKETS_PER_USER } from './realtime-limits';
import { closeTestInfrastructure, connect, realtimeInfrastructure, refusal, request, RealtimeInstance, startCustomerApi } from './realtime.test-helper';

/**
 * A client cannot make an instance queue unbounded work (issue 23): joins and leaves
 * waiting per socket, rooms per socket and sockets per customer are capped; beyond a cap the answer
 * is RATE_LIMIT_EXCEEDED.
 */
describe('customer-api realtime: limits', () => {
  let infra: Infrastructure;
  let api: RealtimeInstance;
  let gate: Promise<void> = Promise.resolve();
  const decided: string[] = [];
  const sockets: ClientSocket[] = [];

  before(async () => {
    infra = await realtimeInfrastructure('limits');
    // Every room is allowed here, after `gate` opens: what is under test is the counting, not access.
    api = await startCustomerApi(infra, (app) => {
      const rooms = app.container.get(RealtimeRoomsService);
      rooms.decide = async (userId, room): Promise<RoomDecision> => {
        decided.push(`${userId} ${room.name}`);
        await gate;
        return { ok: true };
      };
    });
  });

  after(async () => {
    for (const socket of sockets) socket.close();
    await api.close();
    await closeTestInfrastructure(infra);
  });

  const socketOf = async (token: string) => {
    const socket = await connect(api.url, token);
    sockets.push(socket);
    return socket;
  };

  it(`a join flood: beyond ${MAX_PENDING_PER_SOCKET} waiting joins, each further one is answered RATE_LIMIT_EXCEEDED at once`, async () => {
    const customer = await createCustomer(api.app.container);
    const socket = await socketOf(customer.accessToken);
    let open: () => void = () => undefined;
    gate = new Promise<void>((resolve) => (open = resolve));
    const acks = Array.from({ length: MAX_PENDING_PER_SOCKET + 4 }, (_, index) => request(socket, 'join', `channel:${index + 1}`));
    // The refused ones answer while the first ones are still held.
    const refused = await Promise.all(acks.slice(MAX_PENDING_PER_SOCKET));
    expect(refused).to.deep.equal(Array(4).fill({ ok: false, errorCode: 'RATE_LIMIT_EXCEEDED' }));
    open();
    expect(await Promise.all(acks.slice(0, MAX_PENDING_PER_SOCKET))).to.deep.equal(Array(MAX_PENDING_PER_SOCKET).fill({ ok: true }));
    // Once they are done, the socket may ask again.
    expect(await request(socket, 'join', 'channel:999')).to.deep.equal({ ok: true });
  });

  it(`a socket is in at most ${MAX_ROOMS_PER_SOCKET} rooms; a room it is in may be joined again`, async function () {
    this.timeout(30_000);
    gate = Promise.resolve();
    const customer = await createCustomer(api.app.container);
    const socket = await socketOf(customer.accessToken);
    for (let start = 1; start <= MAX_ROOMS_PER_SOCKET; start += MAX_PENDING_PER_SOCKET) {
      const names = Array.from({ length: Math.min(MAX_PENDING_PER_SOCKET, MAX_ROOMS_PER_SOCKET - start + 1) }, (_, i) => `channel:${start + i}`);
      const answers = await Promise.all(names.map((name) => request(socket, 'join', name)));
      expect(answers.every((answer) => answer.ok)).to.equal(true);
    }
    expect(await request(socket, 'join', `channel:${MAX_ROOMS_PER_SOCKET + 1}`)).to.deep.equal({ ok: false, errorCode: 'RATE_LIMIT_EXCEEDED' });
    expect(await request(socket, 'join', 'channel:1')).to.deep.equal({ ok: true });
    expect(await request(socket, 'leave', 'channel:1')).to.deep.equal({ ok: true });
    expect(await request(socket, 'join', `channel:${MAX_ROOMS_PER_SOCKET + 1}`)).to.deep.equal({ ok: true });
  });

  it(`a customer holds at most ${MAX_SOCKETS_PER_USER} sockets on one instance; one closing makes room`, async () => {
    const customer = await createCustomer(api.app.container);
    const own: ClientSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) own.push(await socketOf(customer.accessToken));
    expect(await refusal(api.url, customer.accessToken)).to.deep.equal({
      message: 'RATE_LIMIT_EXCEEDED',
      data: { errorCode: 'RATE_LIMIT_EXCEEDED', message: `At most ${MAX_SOCKETS_PER_USER} connections per customer` },
    });
    own[0].close();
    // The server has seen the close once a new socket of the same customer is let in.
    let admitted = false;
    for (let attempt = 0; attempt < 20 && !admitted; attempt++) {
      admitted = await socketOf(customer.accessToken).then(
        () => true,
        async () => (await new Promise((resolve) => setTimeout(resolve, 50)), false),
      );
    }
    expect(admitted).to.equal(true);
  });

  it('a recheck pass decides each (customer, room) once, however many sockets the customer has there', async () => {
    gate = Promise.resolve();
    const customer = await createCustomer(api.app.container);
    for (let i = 0; i < 3; i++) expect(await request(await socketOf(customer.accessToken), 'join', 'channel:4242')).to.deep.equal({ ok: true });
    decided.length = 0;
    await api.realtime.sessions.recheckAll();
    expect(decided.filter((key) => key.startsWith(customer.id))).to.deep.equal([`${customer.id} channel:4242`]);
  });
});
