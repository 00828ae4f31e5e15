export * from './dto/notification-query.dto';
export * from './notification.views';
export * from './customer-notifications.service';
export * from './mark-notification-read.use-case';
export * from './mark-all-notifications-read.use-case';
