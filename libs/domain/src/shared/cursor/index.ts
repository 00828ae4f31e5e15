export { idKeyset, sortedKeyset } from './keyset';
export type { KeysetSql, SortedPageQuery, SortedPosition } from './keyset';
export { idCursorPage, sortedCursorPage } from './cursor-page.views';
export type { CursorPage, IdCursor, SortedCursor } from './cursor-page.views';
export { ListCursorsService } from './list-cursors.service';
export type { SortedListOptions } from './list-cursors.service';
export {
  CURSOR_DEFAULT_LIMIT,
  CURSOR_MAX_LIMIT,
  CursorLimitDto,
  CursorQueryInvalid,
  IdCursorQueryDto,
  SortedCursorQueryDto,
  readIdCursorQuery,
} from '../dto/cursor-query.dto';
export type { IdCursorQuery } from '../dto/cursor-query.dto';
