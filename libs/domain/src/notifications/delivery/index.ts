export * from './notification-deliveries.repository';
export * from './notification-recipients.service';
export * from './notification-senders';
export * from './deliver-notification.use-case';
export * from './dispatch-pending-notifications.use-case';
export * from './channel-broadcast-fan-out.service';
