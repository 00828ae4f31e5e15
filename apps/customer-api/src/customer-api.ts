import { createHttpApp, HttpApp } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { CustomerAuthController } from './auth/customer-auth.controller';

export const CUSTOMER_API_CONTROLLERS = [CustomerAuthController];

/** Composition root of customer-api: web (`/api/...`) and mobile (`/api/mobile/...`) routes. */
export function createCustomerApi(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'customer-api',
    infra,
    container: createAppContainer('customer-api', infra),
    controllers: CUSTOMER_API_CONTROLLERS,
    openapi: { title: 'Customer API', description: 'Web (/api) and mobile (/api/mobile) routes for customers.' },
  });
}
