export * from './notification-mailer.service';
