import { LRUCache } from 'lru-cache';
import { Service } from 'typedi';
import { Database, preparedStatement } from '@platform/db';

/**
 * How long a process trusts that a customer it found still exists, from the start of the lookup
 * that found them. A customer deleted from the database stops authenticating in every process
 * within this time (README, "Authentication in one minute").
 */
export const CUSTOMER_EXISTS_FOR_MS = 5_000;

/** Customers a busy process sees within CUSTOMER_EXISTS_FOR_MS; each entry is a few dozen bytes. */
const MAX_REMEMBERED = 100_000;

const CUSTOMER_EXISTS_SQL = preparedStatement('customer-exists', 'SELECT 1 AS "exists" FROM users WHERE id = :id', { id: 'uuid' });

/**
 * Whether a customer account exists, asked on every signed-in request: a hit answers from memory
 * for CUSTOMER_EXISTS_FOR_MS after the database last said yes (a "no" is never remembered, so a
 * missing account is looked up every time and never mistaken for one). Concurrent first requests
 * of one customer share one query.
 */
@Service()
export class ExistingCustomers {
  private readonly known: LRUCache<string, true>;
  private readonly pending = new Map<string, Promise<boolean>>();

  /** `timer`: where the remembered answers' age is read from (tests move it on). */
  constructor(
    private readonly db: Database,
    private readonly timer: { now(): number } = performance,
  ) {
    this.known = new LRUCache<string, true>({ max: MAX_REMEMBERED, ttl: CUSTOMER_EXISTS_FOR_MS, ttlResolution: 0, perf: timer });
  }

  exists(userId: string): Promise<boolean> | boolean {
    if (this.known.get(userId)) return true;
    let lookup = this.pending.get(userId);
    if (!lookup) {
      lookup = this.lookUp(userId).finally(() => this.pending.delete(userId));
      this.pending.set(userId, lookup);
    }
    return lookup;
  }

  /** The answer counts from when the lookup began: a deletion committed while it ran is at most CUSTOMER_EXISTS_FOR_MS old when forgotten. */
  private async lookUp(userId: string): Promise<boolean> {
    const began = this.timer.now();
    const rows = await this.db.prepared(CUSTOMER_EXISTS_SQL, { id: userId });
    if (rows.length === 0) return false;
    const left = CUSTOMER_EXISTS_FOR_MS - (this.timer.now() - began);
    if (left > 0) this.known.set(userId, true, { ttl: left });
    return true;
  }
}
