import { QueryTypes } from 'sequelize';
import { Database, isUniqueViolation, Transaction } from '@platform/db';
import { ValidationFailed } from '../../shared';
import { isUuid } from '../views';

/** A path id that names no row (not a UUID, or unknown) is that resource's 404, never a 500. */
export function requireUuid(id: string, notFound: () => Error): string {
  if (typeof id !== 'string' || !isUuid(id)) throw notFound();
  return id;
}

export const lockOptions = (tx: Transaction) => ({ transaction: tx, lock: tx.LOCK.UPDATE });

/**
 * The first free slug among `base`, `base-2`, `base-3`... `taken` lists the slugs already used
 * in the scope (all modules, or one module's tiers) that could collide.
 */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Slugs of `table` equal to `base` or `base-<n>` (slugify output holds no regex metacharacters). */
export async function takenSlugs(db: Database, table: 'subscription_modules' | 'subscription_tiers', base: string, tx: Transaction, moduleId?: string): Promise<Set<string>> {
  const scope = moduleId ? 'module_id = :moduleId AND' : '';
  const rows = await db.sequelize.query<{ slug: string }>(
    `SELECT slug FROM ${table} WHERE ${scope} (slug = :base OR slug ~ ('^' || :base || '-[0-9]+$'))`,
    { replacements: { base, moduleId }, type: QueryTypes.SELECT, transaction: tx },
  );
  return new Set(rows.map((row) => row.slug));
}

/**
 * Two writers can pick the same free slug; the loser meets the unique constraint, which aborts
 * its transaction, so the whole write is run again (it then sees the winner's slug).
 */
export async function retryOnSlugRace<T>(constraint: string, work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error, constraint)) throw error;
    }
  }
}

/** Rejects a body that tries to move a row to another parent (the parent is fixed at creation). */
export function requireUnchanged(field: string, sent: string | undefined, current: string): void {
  if (sent !== undefined && sent !== current) throw ValidationFailed(`${field} cannot be changed after creation`);
}

/** The answer of every catalog DELETE. */
export interface DeletedView {
  id: string;
}

/** The keys of `input` that were sent (undefined means "leave as is"). */
export function pick<T extends object, K extends keyof T>(input: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (input[key] !== undefined) out[key] = input[key];
  return out;
}
