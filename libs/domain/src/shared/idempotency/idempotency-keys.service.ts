import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { IdempotencyScope, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import type { Actor } from '../actor';
import type { DomainError } from '../errors';
import { CONFIG, LOGGER } from '../tokens';
import { IdempotencyKeyOwner, IdempotencyKeysRepository, IdempotencyOutcome } from './idempotency-keys.repository';

/**
 * The caller's own errors, so each route keeps its codes (checkout: ORDER_IDEMPOTENCY_MISMATCH and
 * ORDER_PAYMENT_FAILED; portfolios: CONFLICT).
 */
export interface IdempotencyErrors {
  /** The header is not 1-255 visible ASCII characters (or is missing where it is required). */
  invalidKey(): DomainError;
  /** The first request with this key still runs (or this request lost its key to a takeover). */
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

/** A key this request owns: it alone may complete, fail or release it. Carries the caller's errors. */
export interface IdempotencyClaim {
  id: number;
  errors: IdempotencyErrors;
}

export type IdempotencyStart<R> = { kind: 'claimed'; claim: IdempotencyClaim } | { kind: 'replay'; response: R };

/** An Idempotency-Key header's value: 1-255 visible ASCII characters (the OpenAPI parameter says the same). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
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
 * STALE_IN_PROGRESS_MINUTES (its request crashed) is taken over: without a reference it is deleted
 * and the request runs as new; with one it is marked failed (the client starts over with a new key).
 * A request refused before it created anything releases its key, so the client can fix the
 * problem and retry with the same key.
 *
 * A slow request that outlived the takeover must not commit: attach, complete and fail are
 * compare-and-set (`WHERE id AND status = 'in_progress'`) and throw the claim's `inProgress` error
 * when they match nothing, so the caller's transaction rolls back with them. Chosen over holding
 * the key row `FOR UPDATE` through the work: the conditional UPDATE is race-free by itself (a
 * concurrent takeover waits on the uncommitted UPDATE, then no longer matches; a committed one
 * leaves it nothing to match), while a lock would make a retry wait for the whole work
 * transaction on a pooled connection, would not cover work spanning transactions (Khalti's call
 * between two), and every caller would have to remember to take it. A request that takes over two
 * minutes has lost its client already; losing its work is the safe answer.
 */
@Service()
export class IdempotencyKeysService {
  constructor(
    private readonly keys: IdempotencyKeysRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The common case in one call: claims the key (or answers the stored response), runs `work`, and
   * releases the key when `work` throws. `work` stores its answer with `complete(claim, ...)` inside
   * its own transaction, so the answer commits with what it answers (or throws, rolling it back):
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

  /**
   * perform() for a route whose key is optional: without a key `work` runs as it is, with no claim
   * (`claim` undefined), so it completes the key only when it has one:
   * `if (claim) await this.keys.complete(claim, view, reference, tx)`.
   */
  async performIfKeyed<R extends object>(request: IdempotentRequest, work: (claim: IdempotencyClaim | undefined) => Promise<R>): Promise<R> {
    return request.key === undefined ? work(undefined) : this.perform(request, work);
  }

  async start<R>(request: IdempotentRequest): Promise<IdempotencyStart<R>> {
    const { actor, scope, key, fingerprint, errors } = request;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw errors.invalidKey();
    const owner: IdempotencyKeyOwner = {
      actorType: actor.kind,
      userId: actor.kind === 'customer' ? actor.id : null,
      adminId: actor.kind === 'customer' ? null : actor.id,
      scope,
      key,
    };
    // A key released, expired or taken over between our insert and our read is claimed on the next round.
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await this.keys.insertClaim(owner, fingerprint);
      if (id !== undefined) return { kind: 'claimed', claim: { id, errors } };
      if (await this.keys.deleteExpired(owner, this.config.limits.idempotency.keyTtlHours)) continue;
      const existing = await this.keys.find(owner);
      if (!existing) continue;
      if (existing.requestHash !== fingerprint) throw errors.mismatch();
      if (existing.status === 'in_progress') {
        const abandoned = { errorCode: errors.failed(ABANDONED_MESSAGE).code, message: ABANDONED_MESSAGE };
        if (await this.keys.takeOverStale(existing.id, existing.referenceId !== null, abandoned)) {
          if (existing.referenceId === null) continue;
          throw errors.failed(ABANDONED_MESSAGE);
        }
        // Still running, or another request took it over first: a fresh read answers (or refuses).
        if (await this.keys.isInProgress(existing.id)) throw errors.inProgress();
        continue;
      }
      if (existing.status === 'failed') throw errors.failed(storedMessage(existing.response));
      return { kind: 'replay', response: existing.response as R };
    }
    throw errors.inProgress();
  }

  /**
   * The stored answer of the request (any key of this actor and scope) that created `reference`,
   * or null: lets a route answer "the same request again" sent with another key (or none).
   */
  async completedResponseFor<R>(actor: Pick<Actor, 'kind' | 'id'>, scope: IdempotencyScope, reference: IdempotencyReference): Promise<R | null> {
    const owner = { actorType: actor.kind, userId: actor.kind === 'customer' ? actor.id : null, adminId: actor.kind === 'customer' ? null : actor.id, scope };
    const found = await this.keys.findCompletedFor(owner, { type: reference.type, id: String(reference.id) });
    return found ? (found.response as R) : null;
  }

  /**
   * What this key created, recorded before the slow part of the work (still `in_progress`), so a
   * request that crashes after the record committed is recognized as having one.
   */
  async attach(claim: IdempotencyClaim, reference: IdempotencyReference, tx: Transaction): Promise<void> {
    await this.settle(claim, referenceColumns(reference), tx);
  }

  /** Stores the final answer; in the caller's transaction so it commits with what it answers. */
  async complete(claim: IdempotencyClaim, response: object, reference: IdempotencyReference | null, tx: Transaction): Promise<void> {
    await this.settle(claim, { status: 'completed', response: response as Record<string, unknown>, ...(reference && referenceColumns(reference)) }, tx);
  }

  /** Something was created but the request failed: every repeat gets the caller's `failed` error with this message. */
  async fail(claim: IdempotencyClaim, message: string, reference: IdempotencyReference | null, tx?: Transaction): Promise<void> {
    const response = { errorCode: claim.errors.failed(message).code, message };
    await this.settle(claim, { status: 'failed', response, ...(reference && referenceColumns(reference)) }, tx);
  }

  /** Nothing was created: forget the key so that the same key can be used again. */
  async release(claim: IdempotencyClaim): Promise<void> {
    await this.keys.release(claim.id);
  }

  /** The key was taken over (its request looked crashed): this request's work must not commit. */
  private async settle(claim: IdempotencyClaim, outcome: IdempotencyOutcome, tx?: Transaction): Promise<void> {
    if (!(await this.keys.settle(claim.id, outcome, tx))) throw claim.errors.inProgress();
  }
}

function referenceColumns(reference: IdempotencyReference) {
  const orderId = reference.type === 'order' ? Number(reference.id) : null;
  return { referenceType: reference.type, referenceId: String(reference.id), ...(orderId !== null && { orderId }) };
}

function storedMessage(response: Record<string, unknown> | null): string | undefined {
  return typeof response?.['message'] === 'string' ? response['message'] : undefined;
}
