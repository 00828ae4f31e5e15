export { OrderFulfilmentService, FULFILMENT_HANDLERS } from './order-fulfilment.service';
export type { FulfilmentHandler, FulfilmentRevokeReason } from './fulfilment-handler';
export { ProductAccessFulfilmentService } from './product-access-fulfilment.service';
