import { Service } from 'typedi';
import { ContentLabelView, toLabelView } from '../../content.views';
import { ContentLabelKind, ContentLabelsRepository } from './content-labels.repository';

/** Admin reads of categories and tags. */
@Service()
export class ContentLabelsService {
  constructor(private readonly labels: ContentLabelsRepository) {}

  async list(kind: ContentLabelKind): Promise<ContentLabelView[]> {
    return (await this.labels.list(kind)).map(toLabelView);
  }
}
