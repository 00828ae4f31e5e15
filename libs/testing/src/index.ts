export { TEST_ENV, testEnv } from './test-environment';
export {
  sharedInfrastructure,
  isolatedInfrastructure,
  closeTestInfrastructure,
  closeSharedInfrastructure,
} from './shared-infrastructure';
export { buildTestApp, eventually, testContainer } from './test-apps';
export type { TestApp } from './test-apps';
export { createCustomer, adminToken, customerToken, invalidTokenCases, uniqueEmail } from './factories';
export type { TestCustomer } from './factories';
export { TcpProxy } from './tcp-proxy';
export { describeOperations } from './operations-suite';
export { createCourse, createDigitalBook, createTrainingProduct, createPromotion, grantAccess } from './catalog-factories';
export type { TestCourse, ProductOptions } from './catalog-factories';
