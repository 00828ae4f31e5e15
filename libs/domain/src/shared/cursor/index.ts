export { idKeyset, sortedKeyset } from './keyset';
export type { KeysetRow, KeysetSortType, KeysetSql, SortedKeysetSql, SortedPageQuery, SortedPosition } from './keyset';
export { idCursorPage, sortedCursorPage } from './cursor-page.views';
export type { CursorPage, IdCursor, SortedCursor } from './cursor-page.views';
export { ListCursorsService } from './list-cursors.service';
export type { ChoosableSortListOptions, FixedSortListOptions, SortedListOptions } from './list-cursors.service';
export { CURSOR_DEFAULT_LIMIT, CURSOR_MAX_LIMIT, CursorQueryInvalid, readIdCursorQuery, readSortedCursorFields } from '../dto/cursor-query.dto';
export type { CursorDirection, IdCursorOptions, IdCursorQuery, SortedCursorFields } from '../dto/cursor-query.dto';
