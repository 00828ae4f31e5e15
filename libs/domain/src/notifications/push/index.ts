export * from './push-provider';
export * from './log-push.provider';
export * from './fcm-push.provider';
export * from './push-providers.service';
