export {
  ContentItemPageQueryDto,
  PUBLIC_ITEM_SORTS,
  PUBLIC_SERIES_SORTS,
  PublicContentItemQueryDto,
  PublicContentSeriesQueryDto,
} from './dto/public-content-query.dto';
export type { PublicItemSort, PublicSeriesSort } from './dto/public-content-query.dto';
export { ContentReadersService } from './content-readers.service';
export { ContentLibraryService } from './content-library.service';
export type { EmbeddedPageView, PublicSeriesDetailView } from './content-readers.views';
