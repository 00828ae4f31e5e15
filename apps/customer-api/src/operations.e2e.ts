import { describeOperations } from '@platform/testing';
import { createCustomerApi } from './customer-api';

describeOperations('customer-api', createCustomerApi, {
  documentedPaths: ['/api/auth/register', '/api/auth/login', '/api/auth/refresh', '/api/mobile/auth/login', '/api/auth/me'],
});
