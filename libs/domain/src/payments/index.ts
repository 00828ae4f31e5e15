export * from './gateways';
export { isAllowedReturnUrl } from './return-url';
export type { ReturnUrlRules } from './return-url';
export * from './finalization';
