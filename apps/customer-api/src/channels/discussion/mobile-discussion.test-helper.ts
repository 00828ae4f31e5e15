import { QueryTypes } from 'sequelize';
import type { Test } from 'supertest';
import { ChannelDiscussionModel, Database } from '@platform/db';
import { Clock, fixedClock } from '@platform/domain';
import { buildTestApp, captureRealtime, createCustomer, RealtimeCapture, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../../customer-api';

export { DAY } from '../reads/channel-reads.test-helper';

/** A customer, or a raw Authorization header (undefined: none). */
export type Caller = TestCustomer | string | undefined;

/** The answer as "status errorCode", for a refusal. */
export const refusal = (res: { status: number; body: { errorCode?: string } }) => `${res.status} ${res.body.errorCode}`;

/** What useMobileDiscussionSuite sets up; read its fields inside hooks and tests (they are set in `before`). */
export interface MobileDiscussionSuite {
  readonly api: TestApp;
  readonly routes: ReturnType<typeof discussionRoutes>;
  /** Only with `clock: true`. */
  readonly clock: ReturnType<typeof controllableClock>;
  /** Only with `realtime: true`: the deltas published on Redis. */
  readonly capture: RealtimeCapture;
  /** A fresh customer for each test. */
  readonly person: TestCustomer;
}

/**
 * The member e2e files' setup: one customer-api per file, the app's Clock under the test's control
 * (`clock`, reset to the real time before each test), a capture of the realtime deltas
 * (`realtime`), and a fresh customer per test. Call it in a describe block.
 */
export function useMobileDiscussionSuite(options: { clock?: boolean; realtime?: boolean } = {}): MobileDiscussionSuite {
  const state: Partial<{ -readonly [K in keyof MobileDiscussionSuite]: MobileDiscussionSuite[K] }> = {};
  const get = <K extends keyof MobileDiscussionSuite>(key: K): MobileDiscussionSuite[K] => {
    const value = state[key];
    if (value === undefined) throw new Error(`the suite's ${key} is not set up (${key === 'clock' || key === 'capture' ? 'pass its option, and ' : ''}read it inside a hook or test)`);
    return value as MobileDiscussionSuite[K];
  };

  before(async () => {
    state.api = await buildTestApp(createCustomerApi);
    if (options.clock) state.clock = controllableClock(state.api);
    state.routes = discussionRoutes(state.api);
    if (options.realtime) state.capture = await captureRealtime();
  });

  after(async () => {
    await state.capture?.close();
  });

  beforeEach(async () => {
    state.clock?.reset();
    state.person = await createCustomer(get('api').app.container);
  });

  return {
    get api() {
      return get('api');
    },
    get routes() {
      return get('routes');
    },
    get clock() {
      return get('clock');
    },
    get capture() {
      return get('capture');
    },
    get person() {
      return get('person');
    },
  };
}

/** The five member routes of issue 23, as `caller`. */
export function discussionRoutes(api: TestApp) {
  const as = (request: Test, caller: Caller): Test =>
    caller === undefined ? request : request.set('Authorization', typeof caller === 'string' ? caller : `Bearer ${caller.accessToken}`);
  const withBody = (request: Test, body: unknown) => (body === undefined ? request.send() : request.send(body as object));
  return {
    discussion: (caller: Caller, channelId: number | string) => as(api.http.get(`/api/mobile/channels/${channelId}/discussion`), caller),
    messages: (caller: Caller, channelId: number | string, query: Record<string, string | string[]> = {}) =>
      as(api.http.get(`/api/mobile/channels/${channelId}/discussion/messages`).query(query), caller),
    post: (caller: Caller, channelId: number | string, body?: unknown) =>
      withBody(as(api.http.post(`/api/mobile/channels/${channelId}/discussion/messages`), caller), body),
    edit: (caller: Caller, messageId: number | string, body?: unknown) => withBody(as(api.http.patch(`/api/mobile/discussion-messages/${messageId}`), caller), body),
    remove: (caller: Caller, messageId: number | string) => as(api.http.delete(`/api/mobile/discussion-messages/${messageId}`), caller),
  };
}

/**
 * The app's Clock, frozen at the real time when installed and moved by the test (slow mode and
 * mutes read it). Install it before the first request: services take the Clock when first built.
 */
export function controllableClock(api: TestApp) {
  const holder = { now: new Date() };
  api.app.container.set(Clock, fixedClock(holder));
  return {
    now: () => new Date(holder.now),
    /** Back to the real time (each test starts there). */
    reset: () => void (holder.now = new Date()),
    advance: (seconds: number) => void (holder.now = new Date(holder.now.getTime() + seconds * 1000)),
    at: (date: Date) => void (holder.now = new Date(date)),
  };
}

/** The discussion's message deltas captured so far: { event, id, seq }, after checking their room and channel. */
export function messageEvents(capture: RealtimeCapture, discussion: ChannelDiscussionModel) {
  return capture.inRoom(`discussion:${discussion.id}`).map(({ event, payload, rooms }) => {
    const { channelId, discussionId, id, seq } = payload as { channelId: number; discussionId: number; id: number; seq: number };
    if (rooms.length !== 1 || channelId !== discussion.channelId || discussionId !== discussion.id) {
      throw new Error(`unexpected delta ${JSON.stringify({ rooms, payload })}`);
    }
    return { event, id: String(id), seq };
  });
}

/** channel_discussions.event_seq now: a refused write leaves it where it was. */
export async function eventSeqOf(api: TestApp, discussionId: number): Promise<number> {
  const [row] = await api.app.container
    .get(Database)
    .sequelize.query<{ seq: string }>('SELECT event_seq AS seq FROM channel_discussions WHERE id = :discussionId', {
      replacements: { discussionId },
      type: QueryTypes.SELECT,
    });
  return Number(row.seq);
}

/**
 * Waits until a statement whose text matches the LIKE `pattern` waits for a lock: a request queued
 * behind a transaction the test holds (name the row in the pattern: other suites share the database).
 */
export async function waitForLockWait(api: TestApp, pattern: string, timeoutMs = 5_000): Promise<void> {
  const db = api.app.container.get(Database);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.sequelize.query<{ waiting: string }>(
      `SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE :pattern`,
      { replacements: { pattern }, type: QueryTypes.SELECT },
    );
    if (Number(row.waiting) > 0) return;
    if (Date.now() > deadline) throw new Error(`no statement waited on a lock matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
