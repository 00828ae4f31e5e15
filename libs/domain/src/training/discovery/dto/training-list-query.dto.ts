import { IsIn, IsOptional } from 'class-validator';
import { LabelFilterQueryDto } from '../../../shared';

/** learning-commerce.md "Training customer and mobile": the customer discovery sort values. */
export const TRAINING_LIST_SORTS = ['title', 'isFree', 'createdAt', 'updatedAt', 'relevance'] as const;
export type TrainingListSort = (typeof TRAINING_LIST_SORTS)[number];

/**
 * GET .../trainings and .../trainings/featured: QueryDto plus `categoryId` and `tagId`. `search`
 * is a full-text search (title and description); sort `relevance` ranks by it and falls back to
 * updatedAt without a search; `order` applies to every sort (desc, the default, puts the best
 * match first). Sorts on the training's own timestamps. `sort` is declared `string` (narrowed by
 * @IsIn): see the README's "two traps".
 */
export class TrainingListQueryDto extends LabelFilterQueryDto {
  @IsOptional()
  @IsIn(TRAINING_LIST_SORTS)
  override sort: string = 'updatedAt';
}
