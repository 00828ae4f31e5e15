import { Service } from 'typedi';
import { Database } from '@platform/db';
import { slugify } from '../../../../shared';
import { ContentSlugTaken } from '../../../content.errors';
import { ContentLabelView, toLabelView } from '../../../content.views';
import { ContentLabelKind, ContentLabelsRepository } from '../content-labels.repository';
import type { CreateContentLabelDto } from '../dto/create-content-label.dto';

/**
 * Creates a category or a tag. Its slug, sent or made from the name, must be free in its table:
 * otherwise 409 CONFLICT. A slug made from the name gets no numeric suffix, because a second label
 * of the same name is almost always a mistake; a concurrent create of the same slug is 409 too.
 */
@Service()
export class CreateContentLabelUseCase {
  constructor(
    private readonly db: Database,
    private readonly labels: ContentLabelsRepository,
  ) {}

  async execute(kind: ContentLabelKind, input: CreateContentLabelDto): Promise<ContentLabelView> {
    const slug = input.slug ?? slugify(input.name, this.labels.fallbackPrefix(kind));
    try {
      return await this.db.transaction(async (tx) => {
        if (await this.labels.slugTaken(kind, slug, tx)) throw ContentSlugTaken(slug);
        return toLabelView(await this.labels.create(kind, { name: input.name, slug }, tx));
      });
    } catch (error) {
      if (this.labels.isSlugRace(kind, error)) throw ContentSlugTaken(slug);
      throw error;
    }
  }
}
