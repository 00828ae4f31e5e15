export * from './notification-outbox.service';
