import type { Model, ModelStatic, WhereOptions } from 'sequelize';
import { isUniqueViolation, Op, Transaction } from '@platform/db';
import { slugify } from './slugify';

type OwnerId = number | string;

/** A row that is named in URLs by a slug (a product, a training, a newsletter series). */
export type SluggedModel = Model & { id: OwnerId; slug: string };

export interface SlugHistoryTables<Owner extends SluggedModel> {
  /** The rows and their current slug (`slug` column, key `id`). */
  owners: ModelStatic<Owner>;
  /** Former slugs: `slug` is the primary key, `ownerKey` the owner's id. */
  history: ModelStatic<Model>;
  /** The history attribute holding the owner's id, e.g. `productId`. */
  ownerKey: string;
  /** The unique constraints on both slug columns, which a concurrent writer of the same slug meets. */
  constraints: string[];
  /** Prefix of a slug made from a title without Latin letters (`<prefix>-<random>`). */
  fallbackPrefix: string;
  /** The caller's error for a slug already in use. */
  taken: (slug: string) => Error;
}

/**
 * Slugs with history for one table: unique among current and former slugs, so an old link never
 * starts pointing at another row, and a renamed row keeps its old slug resolving (`resolve`).
 */
export class SlugHistory<Owner extends SluggedModel> {
  constructor(private readonly tables: SlugHistoryTables<Owner>) {}

  /** The requested slug, or one made from the title with a numeric suffix until it is free. */
  async choose(requested: string | undefined, title: string, tx: Transaction, ownerId?: OwnerId): Promise<string> {
    if (requested) {
      if (!(await this.isFree(requested, tx, ownerId))) throw this.tables.taken(requested);
      return requested;
    }
    const base = slugify(title, this.tables.fallbackPrefix);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (await this.isFree(candidate, tx, ownerId)) return candidate;
    }
  }

  /** Moves `owner` to `newSlug` (the caller saves it), keeping its current slug as a redirect. */
  async rename(owner: Owner, newSlug: string, tx: Transaction): Promise<void> {
    if (newSlug === owner.slug) return;
    if (!(await this.isFree(newSlug, tx, owner.id))) throw this.tables.taken(newSlug);
    const { history, ownerKey } = this.tables;
    await history.destroy({ where: { slug: newSlug, [ownerKey]: owner.id }, transaction: tx });
    await history.create({ slug: owner.slug, [ownerKey]: owner.id }, { transaction: tx });
    owner.slug = newSlug;
  }

  /** The row a slug names now or named before (narrowed by `where`), or undefined. */
  async resolve(slug: string, where: WhereOptions = {}): Promise<Owner | undefined> {
    const { owners, history, ownerKey } = this.tables;
    const current = await owners.findOne({ where: { slug, ...where } as WhereOptions });
    if (current) return current;
    const former = await history.findByPk(slug);
    if (!former) return undefined;
    const ownerId = former.get(ownerKey) as OwnerId;
    return (await owners.findOne({ where: { id: ownerId, ...where } as WhereOptions })) ?? undefined;
  }

  /**
   * `choose` and `rename` check a slug is free before writing it; two concurrent writers can both
   * pass the check, and the loser meets a unique constraint (its transaction is then aborted, so
   * this is caught outside it). That race answers like any taken slug.
   */
  isRace(error: unknown): boolean {
    return this.tables.constraints.some((constraint) => isUniqueViolation(error, constraint));
  }

  async raceAsConflict<T>(slug: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (this.isRace(error)) throw this.tables.taken(slug);
      throw error;
    }
  }

  /** Free for `ownerId`: no other row uses it now or used it before. */
  private async isFree(slug: string, tx: Transaction, ownerId?: OwnerId): Promise<boolean> {
    const { owners, history, ownerKey } = this.tables;
    const other = ownerId === undefined ? undefined : { [Op.ne]: ownerId };
    const [current, former] = await Promise.all([
      owners.count({ where: { slug, ...(other && { id: other }) } as WhereOptions, transaction: tx }),
      history.count({ where: { slug, ...(other && { [ownerKey]: other }) }, transaction: tx }),
    ]);
    return current === 0 && former === 0;
  }
}
