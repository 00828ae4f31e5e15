import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database, IdempotencyKeyModel, IdempotencyScope, Transaction } from '@platform/db';

/** One key's identity: its actor (a customer's id or an admin token's `sub`), scope and the header's value. */
export interface IdempotencyKeyOwner {
  actorType: 'customer' | 'admin';
  userId: string | null;
  adminId: string | null;
  scope: IdempotencyScope;
  key: string;
}

/** The columns a claim's outcome writes (attach, complete, fail). */
export type IdempotencyOutcome = Partial<Pick<IdempotencyKeyModel, 'status' | 'response' | 'referenceType' | 'referenceId' | 'orderId'>>;

/** The columns of an outcome's attributes (settle). */
const OUTCOME_COLUMNS: Record<keyof IdempotencyOutcome, string> = {
  status: 'status',
  response: 'response',
  referenceType: 'reference_type',
  referenceId: 'reference_id',
  orderId: 'order_id',
};

/** An `in_progress` key untouched this long belongs to a request that crashed; it may be taken over. */
export const STALE_IN_PROGRESS_MINUTES = 2;
const STALE = `status = 'in_progress' AND updated_at < now() - interval '${STALE_IN_PROGRESS_MINUTES} minutes'`;
/** A key older than IDEMPOTENCY_KEY_TTL_HOURS (bound as :ttlHours): it replays nothing and is free again. */
const EXPIRED = `created_at < now() - make_interval(hours => :ttlHours)`;

/** The SQL of the idempotency_keys table (migrations 0004, 0012); the rules are IdempotencyKeysService's. */
@Service()
export class IdempotencyKeysRepository {
  constructor(private readonly db: Database) {}

  /** The new key's id, or undefined when (actor, scope, key) is held already. In its own statement: committed at once. */
  async insertClaim(owner: IdempotencyKeyOwner, requestHash: string): Promise<number | undefined> {
    return this.returningId(
      `INSERT INTO idempotency_keys (actor_type, user_id, admin_id, scope, key, request_hash)
       VALUES (:actorType, :userId, :adminId, :scope, :key, :requestHash) ON CONFLICT DO NOTHING RETURNING id`,
      { ...owner, requestHash },
    );
  }

  /** Deletes this key when it is older than the TTL; true when it was. */
  async deleteExpired(owner: IdempotencyKeyOwner, ttlHours: number): Promise<boolean> {
    const actor = owner.actorType === 'customer' ? 'user_id = :userId' : 'admin_id = :adminId';
    const sql = `DELETE FROM idempotency_keys WHERE ${actor} AND scope = :scope AND key = :key AND ${EXPIRED} RETURNING id`;
    return (await this.returningId(sql, { ...owner, ttlHours })) !== undefined;
  }

  find(owner: IdempotencyKeyOwner): Promise<IdempotencyKeyModel | null> {
    const { userId, adminId, scope, key } = owner;
    return IdempotencyKeyModel.findOne({ where: { userId, adminId, scope, key } });
  }

  /** The completed key of this actor and scope that names `reference` (what its request created), if any. */
  findCompletedFor(owner: Omit<IdempotencyKeyOwner, 'key'>, reference: { type: string; id: string }): Promise<IdempotencyKeyModel | null> {
    const { userId, adminId, scope } = owner;
    return IdempotencyKeyModel.findOne({
      where: { userId, adminId, scope, referenceType: reference.type, referenceId: reference.id, status: 'completed' },
      order: [['id', 'DESC']],
    });
  }

  async isInProgress(id: number): Promise<boolean> {
    return (await IdempotencyKeyModel.count({ where: { id, status: 'in_progress' } })) > 0;
  }

  /**
   * Takes over a stale `in_progress` key by one conditional statement, so of two concurrent takers
   * only one wins (true): without a reference the key is deleted; with one it becomes `failed`
   * with `failedResponse`. A key whose owner is writing its outcome right now (an uncommitted
   * UPDATE holds the row) is waited for and then no longer matches.
   */
  async takeOverStale(id: number, hasReference: boolean, failedResponse: object): Promise<boolean> {
    if (!hasReference) {
      return (await this.returningId(`DELETE FROM idempotency_keys WHERE id = :id AND reference_id IS NULL AND ${STALE} RETURNING id`, { id })) !== undefined;
    }
    const taken = await this.returningId(
      `UPDATE idempotency_keys SET status = 'failed', response = CAST(:response AS jsonb), updated_at = now()
       WHERE id = :id AND reference_id IS NOT NULL AND ${STALE} RETURNING id`,
      { id, response: JSON.stringify(failedResponse) },
    );
    return taken !== undefined;
  }

  /** Writes an outcome only while the key is still `in_progress` under this id; false when it no longer is (taken over). */
  async settle(id: number, outcome: IdempotencyOutcome, tx?: Transaction): Promise<boolean> {
    // Plain SQL: Model.update (hooks, validation, an instance per call) showed in the buy-now profile.
    const bind: Record<string, unknown> = { id };
    const sets = Object.entries(OUTCOME_COLUMNS)
      .filter(([attribute]) => outcome[attribute as keyof IdempotencyOutcome] !== undefined)
      .map(([attribute, column]) => {
        const value = outcome[attribute as keyof IdempotencyOutcome];
        bind[attribute] = attribute === 'response' && value !== null ? JSON.stringify(value) : value;
        return `${column} = $${attribute}`;
      });
    const rows = await this.db.sequelize.query(
      // clock_timestamp(): inside the caller's transaction now() is when it began (a key would look older than it is).
      `UPDATE idempotency_keys SET ${[...sets, 'updated_at = clock_timestamp()'].join(', ')} WHERE id = $id AND status = 'in_progress' RETURNING id`,
      { bind, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.length === 1;
  }

  async release(id: number): Promise<void> {
    await IdempotencyKeyModel.destroy({ where: { id, status: 'in_progress' } });
  }

  /** Deletes at most `batch` keys older than the TTL; how many it deleted. */
  async purgeExpired(ttlHours: number, batch: number): Promise<number> {
    const [rows] = await this.db.sequelize.query(
      `DELETE FROM idempotency_keys WHERE id IN (SELECT id FROM idempotency_keys WHERE ${EXPIRED} LIMIT :batch) RETURNING id`,
      { replacements: { ttlHours, batch } },
    );
    return (rows as unknown[]).length;
  }

  private async returningId(sql: string, replacements: Record<string, unknown>): Promise<number | undefined> {
    const [rows] = await this.db.sequelize.query(sql, { replacements });
    return (rows as Array<{ id: number }>)[0]?.id;
  }
}
