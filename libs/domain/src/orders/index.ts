// The orders context's one door. Orders depends on payments (gateways, verification, payment
// rows), promotions and notifications; none of them imports orders. Fulfilment is plugged in
// by product type through shared's FULFILMENT_HANDLERS (filled by libs/runtime), so orders never
// imports the contexts that fulfil (access today, training next).
// Every change of orders.status goes through lifecycle's OrderTransitionService.
export * from './reads';
export * from './checkout';
export * from './cancellation';
export * from './admin';
export * from './lifecycle';
export * from './payment-outcome';
