import { performance } from 'node:perf_hooks';

/**
 * What the bench (socket-client-process.ts) and its socket clients (socket-clients.ts, a child
 * process) say to each other over IPC: connect → ready, collect → receipts. No side effects, so
 * both sides import it.
 */
export interface SocketClientsJob {
  type: 'connect';
  url: string;
  tokens: string[];
  room: string;
  /** Handshakes (and joins) in flight at once. */
  concurrency: number;
}

export interface SocketClientsReady {
  type: 'ready';
  connected: number;
  joined: number;
  /** The first few refusals (handshake or join), to say why a socket is missing. */
  refusals: string[];
}

export interface SocketClientsCollect {
  type: 'collect';
  postIds: number[];
  timeoutMs: number;
}

export interface SocketClientsReceipts {
  type: 'receipts';
  /** Per awaited post id, the wall-clock ms (performance.timeOrigin + now) at which each socket got it. */
  receivedAt: Record<string, number[]>;
  /** A post a socket got a second time. */
  duplicates: number;
  /** A post whose seq was not above the last one the same socket saw. */
  outOfOrder: number;
  /** `post.created` of a post nobody awaited, and any other event. */
  unexpected: number;
}

export type SocketClientsMessage = SocketClientsJob | SocketClientsCollect;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes of one machine. */
export const wallClockMs = (): number => performance.timeOrigin + performance.now();
