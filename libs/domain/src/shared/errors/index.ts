export * from './error-codes';
export * from './domain-error';
export * from './common.errors';
