import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { QueryDto, ToBoolean } from '../../../shared';

/** The sort keys every product list (courses, books; admin and storefront) accepts. */
export const PRODUCT_LIST_SORTS = ['createdAt', 'updatedAt', 'title', 'spPaisa'] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number];

/** A product list: QueryDto with `search` on the title and the product sort keys. */
export class ProductListQueryDto extends QueryDto {
  /**
   * learning-commerce.md "Shared list query": sort defaults to updatedAt. Declared `string`:
   * routing-controllers converts query values by the emitted design type, and SWC emits `Object`
   * for a type alias (it would JSON-parse "title"). @IsIn narrows it to a ProductListSort.
   */
  @IsOptional()
  @IsIn(PRODUCT_LIST_SORTS)
  override sort: string = 'updatedAt';
}

/** An admin product list: can also filter on publication. */
export class AdminProductListQueryDto extends ProductListQueryDto {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  published?: boolean;
}
