import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/observability';
import { Database, IdempotencyKeyModel, IdempotencyScope, Transaction } from '@platform/db';
import type { Actor } from '../actor';
import type { DomainError } from '../errors';
import { CONFIG, LOGGER } from '../tokens';

/**
 * The caller's own errors, so each route keeps its codes (checkout: ORDER_IDEMPOTENCY_MISMATCH and
 * ORDER_PAYMENT_FAILED; portfolios: CONFLICT).
 */
export interface IdempotencyErrors {
  /** The header is not 1-255 visible ASCII characters (or is missing where it is required). */
  invalidKey(): DomainError;
  /** The first request with this key still runs. */
  inProgress(): DomainError;
  /** The key was first used with another payload. */
  mismatch(): DomainError;
  /** The first request created something and then failed; every repeat answers this (with its stored message). */
  failed(message?: string): DomainError;
}

export interface IdempotentRequest {
  actor: Pick<Actor, 'kind' | 'id'>;
  scope: IdempotencyScope;
  key: string | undefined;
  /** requestFingerprint() of what the request asked for. */
  fingerprint: string;
  errors: IdempotencyErrors;
}

/** What the request created; `order` also fills the key's `order_id` foreign key. */
export interface IdempotencyReference {
  type: string;
  id: string | number;
}

/** A key this request owns: it alone may complete, fail or release it. */
export interface IdempotencyClaim {
  id: number;
  errors: IdempotencyErrors;
}

export type IdempotencyStart<R> = { kind: 'claimed'; claim: IdempotencyClaim } | { kind: 'replay'; response: R };

const KEY = /^[\x21-\x7e]{1,255}$/;

/** An `in_progress` key untouched this long belongs to a request that crashed; it may be taken over. */
export const STALE_IN_PROGRESS_MINUTES = 2;
const STALE = `status = 'in_progress' AND updated_at < now() - interval '${STALE_IN_PROGRESS_MINUTES} minutes'`;
/** A key older than IDEMPOTENCY_KEY_TTL_HOURS (bound as :ttlHours): it replays nothing and is free again. */
export const EXPIRED_KEY = `created_at < now() - make_interval(hours => :ttlHours)`;
const ABANDONED_MESSAGE = 'An earlier request with this Idempotency-Key was interrupted; please start over with a new key';

/**
 * Stripe-style idempotency keys (https://docs.stripe.com/api/idempotent_requests) for any actor
 * and scope. The key is stored with the request's fingerprint before any work starts, in its own
 * statement (committed at once, so a concurrent duplicate sees it immediately); the unique
 * (actor, scope, key) constraint is the lock. A repeat then:
 * - with another fingerprint: the caller's `mismatch` error;
 * - while the first still runs (`in_progress`): the caller's `inProgress` error;
 * - after it completed: the stored response, nothing done again;
 * - after it failed having created something (`failed`): the caller's `failed` error.
 * A key older than IDEMPOTENCY_KEY_TTL_HOURS replays nothing: it is deleted and claimed anew (and
 * swept by PurgeExpiredIdempotencyKeysUseCase). An `in_progress` key older than
 * STALE_IN_PROGRESS_MINUTES (its request crashed) is taken over by one conditional statement, so of
 * two concurrent takers only one wins: without a reference it is deleted and the request runs as
 * new; with one it is marked failed (`failed`; the client starts over with a new key).
 * A request refused before it created anything releases its key, so the client can fix the
 * problem and retry with the same key.
 */
@Service()
export class IdempotentRequests {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The common case in one call: claims the key (or answers the stored response), runs `work`, and
   * releases the key when `work` throws. `work` stores its answer with `complete(claim, ...)` inside
   * its own transaction, so the answer commits with what it answers:
   *
   *   return this.keys.perform({ actor, scope: 'portfolio_transaction.add', key, fingerprint, errors }, (claim) =>
   *     this.db.transaction(async (tx) => {
   *       const view = await this.insert(..., tx);
   *       await this.keys.complete(claim, view, { type: 'portfolio_transaction', id: view.id }, tx);
   *       return view;
   *     }));
   */
  async perform<R extends object>(request: IdempotentRequest, work: (claim: IdempotencyClaim) => Promise<R>): Promise<R> {
    const start = await this.start<R>(request);
    if (start.kind === 'replay') return start.response;
    try {
      return await work(start.claim);
    } catch (error) {
      await this.release(start.claim).catch((err) => this.logger.error({ err }, 'could not release an idempotency key'));
      throw error;
    }
  }

  async start<R>(request: IdempotentRequest): Promise<IdempotencyStart<R>> {
    const { actor, scope, key, fingerprint: requestHash, errors } = request;
    if (typeof key !== 'string' || !KEY.test(key)) throw errors.invalidKey();
    const owner = actor.kind === 'customer' ? { userId: actor.id, adminId: null } : { userId: null, adminId: actor.id };
    const where = { ...owner, scope, key };
    const replacements = { ...where, actorType: actor.kind, requestHash, ttlHours: this.ttlHours };
    const sameKey = `${actor.kind === 'customer' ? 'user_id = :userId' : 'admin_id = :adminId'} AND scope = :scope AND key = :key`;
    // A key released, expired or taken over between our insert and our read is claimed on the next round.
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.returning(
        `INSERT INTO idempotency_keys (actor_type, user_id, admin_id, scope, key, request_hash)
         VALUES (:actorType, :userId, :adminId, :scope, :key, :requestHash) ON CONFLICT DO NOTHING RETURNING id`,
        replacements,
      );
      if (inserted) return { kind: 'claimed', claim: { id: inserted.id, errors } };
      if (await this.returning(`DELETE FROM idempotency_keys WHERE ${sameKey} AND ${EXPIRED_KEY} RETURNING id`, replacements)) continue;
      const existing = await IdempotencyKeyModel.findOne({ where });
      if (!existing) continue;
      if (existing.requestHash !== requestHash) throw errors.mismatch();
      if (existing.status === 'in_progress') {
        if (await this.takeOverStale(existing.id, existing.referenceId !== null, errors.failed(ABANDONED_MESSAGE).code)) {
          if (existing.referenceId === null) continue;
          throw errors.failed(ABANDONED_MESSAGE);
        }
        // Still running, or another request took it over first: a fresh read answers (or refuses).
        if (await IdempotencyKeyModel.count({ where: { id: existing.id, status: 'in_progress' } })) throw errors.inProgress();
        continue;
      }
      if (existing.status === 'failed') throw errors.failed(storedMessage(existing.response));
      return { kind: 'replay', response: existing.response as R };
    }
    throw errors.inProgress();
  }

  /**
   * What this key created, recorded before the slow part of the work (still `in_progress`), so a
   * request that crashes after the record committed is recognized as having one.
   */
  async attach(claim: IdempotencyClaim, reference: IdempotencyReference, tx: Transaction): Promise<void> {
    await IdempotencyKeyModel.update(referenceColumns(reference), { where: { id: claim.id, status: 'in_progress' }, transaction: tx });
  }

  /** Stores the final answer; in the caller's transaction so it commits with what it answers. */
  async complete(claim: IdempotencyClaim, response: object, reference: IdempotencyReference | null, tx: Transaction): Promise<void> {
    await IdempotencyKeyModel.update(
      { status: 'completed', response, ...(reference && referenceColumns(reference)) },
      { where: { id: claim.id, status: 'in_progress' }, transaction: tx },
    );
  }

  /** Something was created but the request failed: every repeat gets the caller's `failed` error with this message. */
  async fail(claim: IdempotencyClaim, message: string, reference: IdempotencyReference | null, tx?: Transaction): Promise<void> {
    await IdempotencyKeyModel.update(
      { status: 'failed', response: { errorCode: claim.errors.failed(message).code, message }, ...(reference && referenceColumns(reference)) },
      { where: { id: claim.id, status: 'in_progress' }, transaction: tx },
    );
  }

  /** Nothing was created: forget the key so that the same key can be used again. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await IdempotencyKeyModel.destroy({ where: { id: claim.id, status: 'in_progress' } });
  }

  private get ttlHours(): number {
    return this.config.limits.idempotency.keyTtlHours;
  }

  /** True for the one caller whose conditional DELETE (nothing created) or UPDATE to failed (a reference) matched. */
  private async takeOverStale(id: number, hasReference: boolean, failedCode: string): Promise<boolean> {
    if (!hasReference) {
      return (await this.returning(`DELETE FROM idempotency_keys WHERE id = :id AND reference_id IS NULL AND ${STALE} RETURNING id`, { id })) !== undefined;
    }
    const response = JSON.stringify({ errorCode: failedCode, message: ABANDONED_MESSAGE });
    const taken = await this.returning(
      `UPDATE idempotency_keys SET status = 'failed', response = CAST(:response AS jsonb), updated_at = now()
       WHERE id = :id AND reference_id IS NOT NULL AND ${STALE} RETURNING id`,
      { id, response },
    );
    return taken !== undefined;
  }

  private async returning(sql: string, replacements: Record<string, unknown>): Promise<{ id: number } | undefined> {
    const [rows] = await this.db.sequelize.query(sql, { replacements });
    return (rows as Array<{ id: number }>)[0];
  }
}

function referenceColumns(reference: IdempotencyReference) {
  const orderId = reference.type === 'order' ? Number(reference.id) : null;
  return { referenceType: reference.type, referenceId: String(reference.id), ...(orderId !== null && { orderId }) };
}

function storedMessage(response: Record<string, unknown> | null): string | undefined {
  return typeof response?.['message'] === 'string' ? response['message'] : undefined;
}
