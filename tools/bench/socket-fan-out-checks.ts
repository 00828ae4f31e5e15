import type { BenchCheck } from './scenarios';
import type { SettledMemory } from './settled-memory';
import type { SocketClientsReady, SocketClientsReceipts } from './socket-clients.protocol';

/**
 * Goals of `channels/socket-fan-out` (issue 23), on the 2-core bench machine with the 2,000 client
 * sockets in one process beside the server. Delivery is measured from the start of the admin's post
 * (the use case, in process) to the client socket's handler, so it holds the post's transaction, the
 * Redis publish, the adapter, the server's writes and the client process parsing 2,000 frames.
 */
export const SOCKET_DELIVERY_P99_GOAL_MS = 1_000;
/**
 * Heap kept per connected, joined socket (after a full collection): the growth of the bench
 * process, whose only new work is the customer-api's sockets.
 */
export const SOCKET_HEAP_PER_SOCKET_GOAL_KB = 64;

const KB = 1024;
const MB = 1024 * 1024;

/** What one run of the group saw. */
export interface SocketFanOutOutcome {
  sockets: number;
  ready: SocketClientsReady;
  /** Sockets in the room as the customer-api's own adapter counts them. */
  roomSize: number;
  connectMs: number;
  /** Per post id, when its request started (wall-clock ms, comparable with the receipts). */
  postStartedAt: Record<string, number>;
  receipts: SocketClientsReceipts;
  /** The process's memory with no client socket, and with all of them connected and joined (both after a full GC). */
  memory: { before: SettledMemory; connected: SettledMemory };
}

export interface DeliveryLatency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Latencies (receipt minus the post's start) of every (post, socket), nearest-rank percentiles. */
export function deliveryLatency(outcome: Pick<SocketFanOutOutcome, 'postStartedAt' | 'receipts'>): DeliveryLatency {
  const latencies: number[] = [];
  for (const [postId, times] of Object.entries(outcome.receipts.receivedAt)) {
    const started = outcome.postStartedAt[postId];
    if (started === undefined) continue;
    for (const at of times) latencies.push(at - started);
  }
  latencies.sort((a, b) => a - b);
  const rank = (p: number) => latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)] ?? Number.NaN;
  return { count: latencies.length, p50: rank(50), p99: rank(99), max: latencies[latencies.length - 1] ?? Number.NaN };
}

/** Heap, external memory and RSS the server holds per socket (bytes). */
export function memoryPerSocket(outcome: Pick<SocketFanOutOutcome, 'memory' | 'sockets'>): SettledMemory {
  const { before, connected } = outcome.memory;
  const per = (key: keyof SettledMemory) => (connected[key] - before[key]) / Math.max(outcome.sockets, 1);
  return { heapUsed: per('heapUsed'), external: per('external'), rss: per('rss') };
}

/**
 * Every socket connected and joined; every post reached every socket exactly once and in seq
 * order, with nothing else; p99 delivery under the goal; heap per socket under the goal.
 */
export function socketFanOutChecks(
  outcome: SocketFanOutOutcome,
  goals = { p99Ms: SOCKET_DELIVERY_P99_GOAL_MS, heapPerSocketKb: SOCKET_HEAP_PER_SOCKET_GOAL_KB },
): BenchCheck[] {
  const { sockets, ready, receipts } = outcome;
  const n = (value: number) => value.toLocaleString('en');
  const posts = Object.keys(outcome.postStartedAt).length;
  const reachedAll = Object.keys(outcome.postStartedAt).filter((id) => (receipts.receivedAt[id]?.length ?? 0) === sockets).length;
  const latency = deliveryLatency(outcome);
  const perSocket = memoryPerSocket(outcome);
  return [
    {
      name: 'every socket connected and joined the room',
      ok: ready.connected === sockets && ready.joined === sockets && outcome.roomSize === sockets,
      detail:
        `${n(ready.connected)} handshakes and ${n(ready.joined)} joins of ${n(sockets)} in ${(outcome.connectMs / 1_000).toFixed(1)} s; ` +
        `the server's room holds ${n(outcome.roomSize)}` +
        (ready.refusals.length > 0 ? `; refusals: ${ready.refusals.join('; ')}` : ''),
    },
    {
      name: 'every post reached every socket exactly once, in seq order',
      ok: posts > 0 && reachedAll === posts && receipts.duplicates === 0 && receipts.outOfOrder === 0 && receipts.unexpected === 0,
      detail:
        `${reachedAll} of ${posts} posts reached all ${n(sockets)} sockets (${n(latency.count)} deliveries); ` +
        `${receipts.duplicates} duplicates, ${receipts.outOfOrder} out of order, ${receipts.unexpected} unexpected events`,
    },
    {
      name: `delivery p99 under ${n(goals.p99Ms)} ms`,
      ok: latency.count > 0 && latency.p99 < goals.p99Ms,
      detail: `from the start of the admin's post to the client's handler: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`,
    },
    {
      name: `server heap per socket under ${goals.heapPerSocketKb} KB (the bench process's growth)`,
      ok: perSocket.heapUsed < goals.heapPerSocketKb * KB,
      detail:
        `heap ${(perSocket.heapUsed / KB).toFixed(1)} KB, external ${(perSocket.external / KB).toFixed(1)} KB, RSS ${(perSocket.rss / KB).toFixed(1)} KB per socket ` +
        `(heap ${(outcome.memory.before.heapUsed / MB).toFixed(1)} MB with none, ${(outcome.memory.connected.heapUsed / MB).toFixed(1)} MB with ${n(sockets)}; after a full GC)`,
    },
  ];
}
