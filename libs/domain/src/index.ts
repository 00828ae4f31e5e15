export * from './shared';
export * from './identity';
