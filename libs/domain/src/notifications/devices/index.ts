export * from './dto/register-push-device.dto';
export * from './push-device.views';
export * from './register-push-device.use-case';
export * from './remove-push-device.use-case';
