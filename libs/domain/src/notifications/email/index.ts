export * from './notification-mailer.service';
export * from './smtp-failures';
