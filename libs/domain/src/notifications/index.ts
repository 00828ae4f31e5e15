export * from './events';
export * from './outbox';
