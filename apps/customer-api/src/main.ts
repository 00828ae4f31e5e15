import 'reflect-metadata';
import { startService } from '@platform/http';
import { createCustomerApi } from './customer-api';
import { attachRealtime } from './realtime/realtime-server';

startService({
  name: 'customer-api',
  port: (config) => config.apps.customerApi.port,
  create: createCustomerApi,
  // socket.io at /socket.io on the same server (CONTRACT section 9); closed with it.
  onListening: attachRealtime,
});
