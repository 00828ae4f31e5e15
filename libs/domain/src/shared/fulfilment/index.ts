export { FULFILMENT_HANDLERS } from './fulfilment-handler';
export type { FulfilmentHandler, FulfilmentReleaseReason, FulfilmentRevokeReason } from './fulfilment-handler';
