import 'reflect-metadata';
import { startService } from '@platform/http';
import { createCustomerApi } from './customer-api';

startService({
  name: 'customer-api',
  port: (config) => config.apps.customerApi.port,
  create: createCustomerApi,
});
