export { ProductAccessPolicy } from './product-access.policy';
export { GrantProductAccessUseCase } from './grant-product-access.use-case';
export type { GrantProductAccessInput, GrantResult } from './grant-product-access.use-case';
