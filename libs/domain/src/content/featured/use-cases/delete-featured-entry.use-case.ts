import { Service } from 'typedi';
import { ContentFeaturedRepository } from '../content-featured.repository';
import { ContentFeaturedService } from '../content-featured.service';
import { ContentPublicViews } from '../../content-public-views.service';

/** DELETE /api/admin/content-featured/:id: the entry goes (the item stays); the others keep their orders. */
@Service()
export class DeleteFeaturedEntryUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly featured: ContentFeaturedRepository,
    private readonly reads: ContentFeaturedService,
  ) {}

  execute(id: number): Promise<{ id: number }> {
    return this.publicViews.transaction(async (tx) => {
      await this.featured.lock(tx);
      const entry = await this.reads.require(id, tx);
      await entry.destroy({ transaction: tx });
      return { id: entry.id };
    });
  }
}
