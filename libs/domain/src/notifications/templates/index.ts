export * from './money';
export * from './notification-templates';
export * from './notification-email';
export * from './newsletter-email';
