export { ProductAccessPolicy, activeAccessSql } from './product-access.policy';
export { GrantProductAccessUseCase } from './grant-product-access.use-case';
export type { GrantProductAccessInput, GrantResult } from './grant-product-access.use-case';
export { RevokeOrderAccessUseCase } from './revoke-order-access.use-case';
export { LibraryService } from './library/library.service';
export { LibraryQueryDto, LIBRARY_SORTS } from './library/dto/library-query.dto';
export type { LibrarySort } from './library/dto/library-query.dto';
export type { LibraryItemView } from './library/library.views';
export { ProductAccessFulfilmentService } from './product-access-fulfilment.service';
