import { Service } from 'typedi';
import { ContentCategoryModel, ContentTagModel, isUniqueViolation, Transaction } from '@platform/db';
import { isRowId } from '../../../shared';
import { ContentCategoryNotFound, TagNotFound } from '../../content.errors';

/** The two label tables items are filed under: one category per item, any number of tags. */
export type ContentLabelKind = 'category' | 'tag';
export type ContentLabelModel = ContentCategoryModel | ContentTagModel;

interface LabelTable {
  /** Both tables have the same columns (migration 0019), so one model type serves for either. */
  model: typeof ContentCategoryModel;
  slugConstraint: string;
  notFound: (id: number) => Error;
  /** Prefix of a slug made from a name without Latin letters. */
  fallbackPrefix: string;
}

const TABLES: Record<ContentLabelKind, LabelTable> = {
  category: { model: ContentCategoryModel, slugConstraint: 'content_categories_slug_key', notFound: ContentCategoryNotFound, fallbackPrefix: 'category' },
  tag: { model: ContentTagModel as unknown as typeof ContentCategoryModel, slugConstraint: 'content_tags_slug_key', notFound: TagNotFound, fallbackPrefix: 'tag' },
};

/** Categories and tags, read and written the same way; each kind answers its own 404. */
@Service()
export class ContentLabelsRepository {
  fallbackPrefix(kind: ContentLabelKind): string {
    return TABLES[kind].fallbackPrefix;
  }

  /** Every label of the kind, by name (ties by id): the lists are short, so unpaginated. */
  list(kind: ContentLabelKind): Promise<ContentLabelModel[]> {
    return TABLES[kind].model.findAll({ order: [['name', 'ASC'], ['id', 'ASC']] });
  }

  async require(kind: ContentLabelKind, id: number, tx?: Transaction): Promise<ContentLabelModel> {
    const { model, notFound } = TABLES[kind];
    const label = isRowId(id) ? await model.findByPk(id, { transaction: tx, lock: tx?.LOCK.UPDATE }) : null;
    if (!label) throw notFound(id);
    return label;
  }

  async slugTaken(kind: ContentLabelKind, slug: string, tx: Transaction): Promise<boolean> {
    return (await TABLES[kind].model.count({ where: { slug }, transaction: tx })) > 0;
  }

  create(kind: ContentLabelKind, fields: { name: string; slug: string }, tx: Transaction): Promise<ContentLabelModel> {
    return TABLES[kind].model.create(fields, { transaction: tx });
  }

  /** Whether `error` is a concurrent create of the same slug meeting the table's unique key. */
  isSlugRace(kind: ContentLabelKind, error: unknown): boolean {
    return isUniqueViolation(error, TABLES[kind].slugConstraint);
  }
}
