import { Inject, Service } from 'typedi';
import type { Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { LOGGER, REALTIME, RealtimePublisher } from '../tokens';

/** The server-side event every customer-api instance handles (CONTRACT section 9: access is checked again when it changes). */
export const REALTIME_ACCESS_RECHECK = 'access:recheck';

/** Whose rooms to decide again: every room one customer's sockets are in, every socket in one channel's rooms, or every socket. */
export type RealtimeAccessRecheckTarget = { userId: string } | { channelId: number } | { all: true };

/**
 * Asks every customer-api instance (through the socket.io Redis adapter, as post deltas travel) to
 * decide again at once whether sockets may stay in their rooms; those that may not leave them and
 * get no later event. Call it after a write that takes access away, after its commit:
 * - a customer's entitlement revoked or shortened, a discussion ban: `user(userId, tx)`;
 * - a channel soft-deleted, its access policy or its discussion's required feature changed: `channel(channelId, tx)`;
 * - a tier, plan or feature changed (what any window gives): `all(tx)`.
 * Each instance also re-decides every socket's rooms every REALTIME_ACCESS_RECHECK_SECONDS, which
 * catches what no write announces (an entitlement that simply ends) and a lost message.
 */
@Service()
export class RealtimeAccessRecheck {
  constructor(
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  user(userId: string, tx?: Transaction): void {
    this.publish({ userId }, tx);
  }

  channel(channelId: number, tx?: Transaction): void {
    this.publish({ channelId }, tx);
  }

  all(tx?: Transaction): void {
    this.publish({ all: true }, tx);
  }

  /** Now, or after `tx` commits (a rolled-back write changed no access). */
  private publish(target: RealtimeAccessRecheckTarget, tx?: Transaction): void {
    const send = () => {
      try {
        this.realtime.serverSideEmit(REALTIME_ACCESS_RECHECK, target);
      } catch (error) {
        this.logger.warn({ err: error, ...target }, 'could not publish a realtime access recheck; the periodic recheck catches it');
      }
    };
    if (tx) tx.afterCommit(send);
    else send();
  }
}

/** A recheck message as it arrives (from another process: checked, never trusted). */
export function parseRecheckTarget(payload: unknown): RealtimeAccessRecheckTarget | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { userId, channelId, all } = payload as Record<string, unknown>;
  if (all === true) return { all: true };
  if (typeof userId === 'string' && userId.length > 0) return { userId };
  if (typeof channelId === 'number' && Number.isSafeInteger(channelId) && channelId > 0) return { channelId };
  return null;
}
