// The payments context is the gateway side: gateway clients and signatures, return-url rules,
// callback recording, verification and reconciliation queries, and the payment rows. It never
// moves an order and never imports `orders`: orders depends on payments (checkout initiates
// payments; the use cases that move an order on a payment outcome live in orders/payment-outcome).
export * from './gateways';
export { isAllowedReturnUrl } from './return-url';
export type { ReturnUrlRules } from './return-url';
export * from './finalization';
export * from './status';
