import { randomUUID } from 'node:crypto';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Infrastructure } from '@platform/runtime';
import { adminToken, buildTestApp, createCustomer, TestApp, TestCustomer } from '@platform/testing';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import {
  closeTestInfrastructure,
  connect,
  inbox,
  realtimeInfrastructure,
  RealtimeInstance,
  startCustomerApi,
} from '../../apps/customer-api/src/realtime/realtime.test-helper';

export interface RealtimeSuiteOptions {
  /** Names the suite's Redis prefix (realtimeInfrastructure). */
  name: string;
  /** customer-api instances sharing the suite's Redis; 1 unless told. */
  instances?: number;
  /** The permissions of the suite's admin token. */
  permissions: string[];
  env?: Record<string, string>;
}

/** A fresh customer's socket and every event it receives, in order. */
export interface CustomerSocket {
  customer: TestCustomer;
  socket: ClientSocket;
  received: ReturnType<typeof inbox>;
}

/** What useRealtimeSuite sets up; read its fields inside hooks and tests (they are set in `before`). */
export interface RealtimeSuite {
  readonly infra: Infrastructure;
  /** The first customer-api instance. */
  readonly api: RealtimeInstance;
  readonly instances: RealtimeInstance[];
  readonly admin: TestApp;
  /** The admin's Authorization header. */
  readonly adminAuth: string;
  /** Connects a fresh customer to `on` (the first instance unless told); the socket is closed after the suite. */
  customerSocket(on?: RealtimeInstance): Promise<CustomerSocket>;
  /** An admin's text post in the channel (POST /api/admin/channels/:id/posts). */
  post(channelId: number, body?: string): Promise<{ id: number }>;
}

/**
 * The cross-app realtime files' setup: customer-api instances with their socket.io servers and an
 * admin-api on one isolated infrastructure, started before the suite's tests and closed after them
 * with every socket the suite opened. Call it in a describe block.
 */
export function useRealtimeSuite(options: RealtimeSuiteOptions): RealtimeSuite {
  const state: { infra?: Infrastructure; instances?: RealtimeInstance[]; admin?: TestApp; adminAuth?: string } = {};
  const sockets: ClientSocket[] = [];
  const get = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`the suite's ${key} is not set up (read it inside a hook or test)`);
    return value as NonNullable<(typeof state)[K]>;
  };

  before(async () => {
    const infra = await realtimeInfrastructure(options.name, options.env);
    state.infra = infra;
    state.instances = [];
    for (let i = 0; i < (options.instances ?? 1); i++) state.instances.push(await startCustomerApi(infra));
    state.admin = await buildTestApp(createAdminApi, infra);
    state.adminAuth = `Bearer ${adminToken(state.admin.app.container, options.permissions)}`;
  });

  after(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all((state.instances ?? []).map((instance) => instance.close()));
    if (state.infra) await closeTestInfrastructure(state.infra);
  });

  const suite: RealtimeSuite = {
    get infra() {
      return get('infra');
    },
    get api() {
      return get('instances')[0];
    },
    get instances() {
      return get('instances');
    },
    get admin() {
      return get('admin');
    },
    get adminAuth() {
      return get('adminAuth');
    },
    customerSocket: async (on = suite.api) => {
      const customer = await createCustomer(on.app.container);
      const socket = await connect(on.url, customer.accessToken);
      sockets.push(socket);
      return { customer, socket, received: inbox(socket) };
    },
    post: async (channelId, body = 'news') =>
      (
        await suite.admin.http
          .post(`/api/admin/channels/${channelId}/posts`)
          .set('Authorization', suite.adminAuth)
          .set('Idempotency-Key', randomUUID())
          .send({ type: 'TEXT', body_text: body })
          .expect(201)
      ).body.data as { id: number },
  };
  return suite;
}
