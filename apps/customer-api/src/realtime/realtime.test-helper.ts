import { io as connectClient, Socket as ClientSocket } from 'socket.io-client';
import { RealtimeRoomsService } from '@platform/domain';
import type { HttpApp } from '@platform/http';
import { listen } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import { closeTestInfrastructure, isolatedInfrastructure, TEST_ENV } from '@platform/testing';
import { createCustomerApi } from '../customer-api';
import { attachRealtime, RealtimeServer } from './realtime-server';

/** A customer-api listening on a free port with its socket.io server, as main.ts starts it. */
export interface RealtimeInstance {
  url: string;
  app: HttpApp;
  realtime: RealtimeServer;
  /** Whether this instance holds a socket of `userId` in `room` (its local adapter rooms). */
  inRoom(room: string, userId: string): boolean;
  close(): Promise<void>;
}

export async function startCustomerApi(
  infra: Infrastructure,
  beforeAttach?: (app: HttpApp) => void,
  options: { shutdownTimeoutMs?: number } = {},
): Promise<RealtimeInstance> {
  const app = createCustomerApi(infra);
  beforeAttach?.(app);
  const server = await listen(app.express, 0, '127.0.0.1');
  const realtime = attachRealtime(server.server, app, infra);
  return {
    url: `http://127.0.0.1:${server.port}`,
    app,
    realtime,
    inRoom: (room, userId) =>
      [...(realtime.io.of('/').adapter.rooms.get(room) ?? [])].some((id) => realtime.io.of('/').sockets.get(id)?.data.userId === userId),
    // As runHttpService stops a service: the HTTP server and the socket.io server together.
    close: async () => {
      await Promise.all([server.close(options.shutdownTimeoutMs ?? 1_000), realtime.close()]);
    },
  };
}

/** An instance whose first `decide` call (a join's or a recheck's) is taken, then held until `release()`; `decided` settles once it is taken. */
export interface HeldDecisionInstance {
  instance: RealtimeInstance;
  decided: Promise<void>;
  release(): void;
}

/** A customer-api whose first `decide` call (a join's or a recheck's) waits for the test: what happens meanwhile can be seen. */
export async function startWithHeldDecision(infra: Infrastructure): Promise<HeldDecisionInstance> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let taken = (): void => undefined;
  const decided = new Promise<void>((resolve) => (taken = resolve));
  let holding = true;
  const instance = await startCustomerApi(infra, (app) => {
    const rooms = app.container.get(RealtimeRoomsService);
    const decide = rooms.decide.bind(rooms);
    rooms.decide = async (...args) => {
      const decision = await decide(...args);
      if (holding) {
        holding = false;
        taken();
        await held;
      }
      return decision;
    };
  });
  return { instance, decided, release };
}

/**
 * Infrastructure with a Redis prefix of its own (so its socket.io key too): suites running side by
 * side never hear each other's rooms. Close it with closeTestInfrastructure.
 */
export function realtimeInfrastructure(suite: string, env: Record<string, string> = {}): Promise<Infrastructure> {
  return isolatedInfrastructure(`realtime-${suite}`, { REDIS_PREFIX: `${TEST_ENV['REDIS_PREFIX']}:realtime-${suite}`, ...env });
}
export { closeTestInfrastructure };

const clientOptions = (token: string | undefined) => ({
  path: '/socket.io',
  transports: ['websocket'],
  auth: token === undefined ? {} : { token },
  reconnection: false,
  forceNew: true,
});

/** A connected socket.io-client socket (rejects with the handshake's refusal). */
export function connect(url: string, token: string | undefined): Promise<ClientSocket> {
  const socket = connectClient(url, clientOptions(token));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The error a refused handshake gives the client: its message, and the data the server attached. */
export async function refusal(url: string, token: string | undefined): Promise<{ message: string; data?: { errorCode?: string; message?: string } }> {
  try {
    const socket = await connect(url, token);
    socket.close();
  } catch (error) {
    const refused = error as Error & { data?: { errorCode?: string; message?: string } };
    return { message: refused.message, data: refused.data };
  }
  throw new Error('the handshake was accepted');
}

export type Ack = { ok: true } | { ok: false; errorCode: string };

/** emit(event, room, ack), answered within 3 s. */
export function request(socket: ClientSocket, event: 'join' | 'leave', room: unknown): Promise<Ack> {
  return socket.timeout(3_000).emitWithAck(event, room) as Promise<Ack>;
}

/** Records every event a socket receives, in order. */
export function inbox(socket: ClientSocket): Array<{ event: string; payload: Record<string, unknown> }> {
  const received: Array<{ event: string; payload: Record<string, unknown> }> = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => void received.push({ event, payload }));
  return received;
}

/**
 * Every event the server sent this socket before now has arrived: an ack travels the same
 * connection behind them (a leave of a room the socket is not in changes nothing).
 */
export async function drained(socket: ClientSocket): Promise<void> {
  await request(socket, 'leave', 'channel:2147483647');
}
