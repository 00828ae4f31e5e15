import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_ROW_ID, QueryDto, toInteger } from '../shared';

/**
 * QueryDto plus the `categoryId` and `tagId` filters every training list takes (admin and
 * customer). Each subclass declares validation of its own (its `sort`), which is what makes the
 * OpenAPI generator write its schema, inherited properties included.
 */
export class TrainingFilterQueryDto extends QueryDto {
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
