import { createHash } from 'node:crypto';
import { Service } from 'typedi';
import { Database, IdempotencyKeyModel, IdempotencyScope, Transaction } from '@platform/db';
import { IdempotencyKeyInvalid, OrderIdempotencyInProgress, OrderIdempotencyMismatch, OrderPaymentFailed } from './checkout.errors';

/** A key this request owns: it alone may complete, fail or release it. */
export interface IdempotencyClaim {
  id: number;
}

export type IdempotencyStart<R> = { kind: 'claimed'; claim: IdempotencyClaim } | { kind: 'replay'; response: R };

const KEY = /^[\x21-\x7e]{1,255}$/;

/** An `in_progress` key untouched this long belongs to a request that crashed; it may be taken over. */
export const STALE_IN_PROGRESS_MINUTES = 2;
const STALE = `status = 'in_progress' AND updated_at < now() - interval '${STALE_IN_PROGRESS_MINUTES} minutes'`;
const ABANDONED_MESSAGE = 'An earlier request with this Idempotency-Key was interrupted; please start over with a new key';

/** A stable fingerprint of what the request asked for (keys sorted, undefined left out). */
export function requestFingerprint(request: Record<string, unknown>): string {
  const canonical = Object.keys(request)
    .sort()
    .filter((name) => request[name] !== undefined)
    .map((name) => [name, request[name]]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Stripe-style idempotency keys (REFERENCE.md, "What commerce engines learned the hard way"):
 * the key is stored with the request's fingerprint before any work starts, in its own statement
 * (committed at once, so a concurrent duplicate sees it immediately); the unique
 * (user_id, scope, key) constraint is the lock. A repeat then:
 * - with another fingerprint: 409 ORDER_IDEMPOTENCY_MISMATCH;
 * - while the first still runs (`in_progress`): 409 ORDER_IDEMPOTENCY_MISMATCH;
 * - after it completed: the stored response, nothing created;
 * - after its payment could not be started (`failed`): 409 ORDER_PAYMENT_FAILED.
 * An `in_progress` key older than STALE_IN_PROGRESS_MINUTES (its request crashed) is taken over
 * by one conditional statement, so of two concurrent takers only one wins: without an order it is
 * deleted and the request runs as new; with one it is marked failed (409 ORDER_PAYMENT_FAILED,
 * the client starts over with a new key, the abandoned order is closed by order.auto_cancel).
 * A request refused before any order existed (empty cart, code no longer valid...) releases its
 * key, so the client can fix the problem and retry with the same key.
 */
@Service()
export class IdempotentRequests {
  constructor(private readonly db: Database) {}

  async start<R>(userId: string, scope: IdempotencyScope, key: string | undefined, requestHash: string): Promise<IdempotencyStart<R>> {
    if (typeof key !== 'string' || !KEY.test(key)) throw IdempotencyKeyInvalid();
    // A key released between our insert and our read is simply claimed on the next round.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [rows] = await this.db.sequelize.query(
        `INSERT INTO idempotency_keys (user_id, scope, key, request_hash) VALUES (:userId, :scope, :key, :requestHash)
         ON CONFLICT (user_id, scope, key) DO NOTHING RETURNING id`,
        { replacements: { userId, scope, key, requestHash } },
      );
      const inserted = (rows as Array<{ id: number }>)[0];
      if (inserted) return { kind: 'claimed', claim: { id: inserted.id } };
      const existing = await IdempotencyKeyModel.findOne({ where: { userId, scope, key } });
      if (!existing) continue;
      if (existing.requestHash !== requestHash) throw OrderIdempotencyMismatch();
      if (existing.status === 'in_progress') {
        if (await this.takeOverStale(existing.id, existing.orderId)) {
          if (existing.orderId === null) continue;
          throw OrderPaymentFailed(ABANDONED_MESSAGE);
        }
        // Still running, or another request took it over first: a fresh read answers (or 409s).
        if (await IdempotencyKeyModel.count({ where: { id: existing.id, status: 'in_progress' } })) throw OrderIdempotencyInProgress();
        continue;
      }
      if (existing.status === 'failed') throw OrderPaymentFailed(storedMessage(existing.response));
      return { kind: 'replay', response: existing.response as R };
    }
    throw OrderIdempotencyInProgress();
  }

  /**
   * The order this key created, recorded before its payment is started (still `in_progress`), so a
   * request that crashes after the order committed is recognized as having one.
   */
  async attach(claim: IdempotencyClaim, orderId: number, tx: Transaction): Promise<void> {
    await IdempotencyKeyModel.update({ orderId }, { where: { id: claim.id, status: 'in_progress' }, transaction: tx });
  }

  /** Stores the final answer; in the caller's transaction so it commits with the order. */
  async complete(claim: IdempotencyClaim, response: object, orderId: number, tx: Transaction): Promise<void> {
    await IdempotencyKeyModel.update(
      { status: 'completed', response, orderId },
      { where: { id: claim.id, status: 'in_progress' }, transaction: tx },
    );
  }

  /** The order exists but its payment could not be started: every repeat gets ORDER_PAYMENT_FAILED. */
  async fail(claim: IdempotencyClaim, message: string, orderId: number | null, tx?: Transaction): Promise<void> {
    await IdempotencyKeyModel.update(
      { status: 'failed', response: { errorCode: 'ORDER_PAYMENT_FAILED', message }, orderId },
      { where: { id: claim.id, status: 'in_progress' }, transaction: tx },
    );
  }

  /** Nothing was created: forget the key so that the same key can be used again. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await IdempotencyKeyModel.destroy({ where: { id: claim.id, status: 'in_progress' } });
  }

  /** True for the one caller whose conditional DELETE (no order) or UPDATE to failed (an order) matched. */
  private async takeOverStale(id: number, orderId: number | null): Promise<boolean> {
    if (orderId === null) {
      const [rows] = await this.db.sequelize.query(
        `DELETE FROM idempotency_keys WHERE id = :id AND order_id IS NULL AND ${STALE} RETURNING id`,
        { replacements: { id } },
      );
      return (rows as unknown[]).length > 0;
    }
    const response = JSON.stringify({ errorCode: 'ORDER_PAYMENT_FAILED', message: ABANDONED_MESSAGE });
    const [rows] = await this.db.sequelize.query(
      `UPDATE idempotency_keys SET status = 'failed', response = CAST(:response AS jsonb), updated_at = now()
       WHERE id = :id AND order_id IS NOT NULL AND ${STALE} RETURNING id`,
      { replacements: { id, response } },
    );
    return (rows as unknown[]).length > 0;
  }
}

function storedMessage(response: Record<string, unknown> | null): string | undefined {
  return typeof response?.['message'] === 'string' ? response['message'] : undefined;
}
