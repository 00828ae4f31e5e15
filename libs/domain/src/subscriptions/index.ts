export * from './subscriptions.errors';
export * from './subscription-status';
export * from './entitlements';
export * from './views';
export * from './lifecycle';
export * from './reads';
export * from './catalog';
