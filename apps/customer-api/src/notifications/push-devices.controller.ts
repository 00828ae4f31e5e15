import { Body, CurrentUser, Delete, JsonController, Param, Post } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, PUSH_DEVICE_SCHEMA, RegisterPushDeviceDto, RegisterPushDeviceUseCase, RemovePushDeviceUseCase } from '@platform/domain';
import { ApiResponse, CustomerRoute, RateLimit } from '@platform/http';
import { NOTIFICATION_CHANGES } from './notifications.controller';

const LIMITS = 'Counts against the notification changes budget: 60 requests per minute per customer (429 RATE_LIMIT_EXCEEDED).';

/** The caller's push devices (FCM registration tokens), on the web and mobile prefixes. */
@Service()
@JsonController()
export class PushDevicesController {
  constructor(
    private readonly register: RegisterPushDeviceUseCase,
    private readonly remove: RemovePushDeviceUseCase,
  ) {}

  @Post('/api/notifications/devices')
  @Post('/api/mobile/notifications/devices')
  @CustomerRoute()
  @RateLimit(NOTIFICATION_CHANGES)
  @OpenAPI({
    summary: 'Register the device token of this app install for push notifications',
    description:
      'Body: { token (1-4096 characters), platform: android | ios | web }. An upsert on the token: registering it again ' +
      'updates the platform; a token another user had moves to the caller (the app is now signed in as them). The ' +
      `newest 20 devices of a customer are kept. Tokens FCM reports as unregistered are removed after a push. ${LIMITS}`,
    responses: {
      '200': {
        description: 'The device',
        content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: PUSH_DEVICE_SCHEMA } } } },
      },
    },
  })
  async add(@CurrentUser() customer: CustomerActor, @Body() dto: RegisterPushDeviceDto) {
    return ApiResponse.ok(await this.register.execute(customer, dto), 'Device registered');
  }

  @Delete('/api/notifications/devices/:token')
  @Delete('/api/mobile/notifications/devices/:token')
  @CustomerRoute()
  @RateLimit(NOTIFICATION_CHANGES)
  @OpenAPI({
    summary: "Forget one of the caller's device tokens (sign-out)",
    description: `The token URL-encoded in the path. A token the caller has not registered: 404 NOT_FOUND. ${LIMITS}`,
  })
  async delete(@CurrentUser() customer: CustomerActor, @Param('token') token: string) {
    return ApiResponse.ok(await this.remove.execute(customer, token), 'Device removed');
  }
}
