import { Service } from 'typedi';
import { ContentLabelView, toLabelView } from '../../../content.views';
import { ContentLabelKind, ContentLabelsRepository } from '../content-labels.repository';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * Deletes a category or a tag and answers what it was. Items filed under it stay: a deleted
 * category leaves its items without one (category_id SET NULL), a deleted tag is taken off its
 * items (content_item_tags cascade), as migration 0019's foreign keys say.
 */
@Service()
export class DeleteContentLabelUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly labels: ContentLabelsRepository,
  ) {}

  execute(kind: ContentLabelKind, id: number): Promise<ContentLabelView> {
    return this.publicViews.transaction(async (tx) => {
      const label = await this.labels.require(kind, id, tx);
      const view = toLabelView(label);
      await label.destroy({ transaction: tx });
      return view;
    });
  }
}
