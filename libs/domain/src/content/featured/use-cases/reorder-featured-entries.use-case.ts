import { Service } from 'typedi';
import { Clock, ValidationFailed } from '../../../shared';
import { ContentFeaturedRepository } from '../content-featured.repository';
import { ContentFeaturedService } from '../content-featured.service';
import type { AdminFeaturedView } from '../featured.views';
import { ContentPublicViews } from '../../content-public-views.service';

const refused = (message: string) => ValidationFailed(message, [{ field: 'ids', code: 'currentEntries', message }]);

/**
 * POST /api/admin/content-featured/reorder: `ids` names every current entry exactly once, in the
 * new order, and each gets its index (0, 1, ...) as display_order. Anything else (a repeated,
 * unknown or missing id) is 400 VALIDATION_ERROR and changes nothing: a partial order would leave
 * the rest's places undefined. The check and the write run under the featured lock, so two
 * reorders (or a reorder and a create or delete) never interleave: the set checked is the set
 * written.
 */
@Service()
export class ReorderFeaturedEntriesUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly featured: ContentFeaturedRepository,
    private readonly reads: ContentFeaturedService,
    private readonly clock: Clock,
  ) {}

  execute(ids: number[]): Promise<AdminFeaturedView[]> {
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (repeated.length) throw refused(`ids must name each featured entry once: repeated ${repeated.join(', ')}`);
    return this.publicViews.transaction(async (tx) => {
      await this.featured.lock(tx);
      const current = (await this.featured.all(tx)).map((entry) => entry.id);
      const known = new Set(current);
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw refused(`ids must name only current featured entries: unknown ${unknown.join(', ')}`);
      const listed = new Set(ids);
      const missing = current.filter((id) => !listed.has(id));
      if (missing.length) throw refused(`ids must name every featured entry: missing ${missing.join(', ')}`);
      await this.featured.reorder(ids, this.clock.now(), tx);
      return this.reads.adminAll(tx);
    });
  }
}
