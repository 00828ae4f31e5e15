export * from './gateways';
