import { isUniqueViolation } from '@platform/db';
import { SlugTaken } from '../catalog.errors';

/**
 * ProductSlugs checks a slug is free before writing it; two concurrent writers can both pass the
 * check, and the loser meets the unique constraint (the transaction is then aborted, so this is
 * caught outside it). That race answers 409 like any taken slug.
 */
export const isSlugRace = (error: unknown): boolean =>
  isUniqueViolation(error, 'products_slug_key') || isUniqueViolation(error, 'product_slug_history_pkey');

export async function slugRaceAsConflict<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugRace(error)) throw SlugTaken(slug);
    throw error;
  }
}
