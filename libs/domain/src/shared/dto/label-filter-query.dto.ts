import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_ROW_ID } from '../queries';
import { QueryDto, toInteger } from './query.dto';

/**
 * QueryDto plus the `categoryId` and `tagId` filters of the lists that file rows under a category
 * and tags (trainings, newsletter items). Each subclass declares validation of its own (its
 * `sort`), which is what makes the OpenAPI generator write its schema, inherited properties included.
 */
export class LabelFilterQueryDto extends QueryDto {
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  categoryId?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(MAX_ROW_ID)
  tagId?: number;
}
