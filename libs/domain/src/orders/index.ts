// The orders context's one door. Orders depends on payments (gateways, verification, payment
// rows), access (through fulfilment), promotions and notifications; none of them imports orders.
// Every change of orders.status goes through lifecycle's OrderTransitionService.
export * from './reads';
export * from './checkout';
export * from './cancellation';
export * from './admin';
export * from './lifecycle';
export * from './payment-outcome';
export * from './fulfilment';
