export * from './shared';
export * from './identity';
export * from './catalog';
export * from './access';
export * from './promotions';
export * from './uploads';
export * from './cart';
export * from './payments';
