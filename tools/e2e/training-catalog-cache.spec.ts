import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { adminToken, buildTestApp, createCustomer, createTraining, TestApp } from '@platform/testing';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';

/**
 * learning-commerce.md "Limits": customer training reads are cached, and an admin write makes them
 * stale. Across the two apps (one admin-api, one customer-api on the same PostgreSQL and Redis): a
 * PATCH in one is seen by the next read in the other, not after REDIS_CACHE_TTL_SECONDS.
 */
describe('Training catalog cache across admin-api and customer-api', () => {
  let admin: TestApp;
  let customer: TestApp;
  let adminAuth: string;
  let customerAuth: string;

  before(async () => {
    admin = await buildTestApp(createAdminApi);
    customer = await buildTestApp(createCustomerApi);
    adminAuth = `Bearer ${adminToken(admin.app.container, ['Training_UPDATE'])}`;
    customerAuth = `Bearer ${(await createCustomer(customer.app.container)).accessToken}`;
  });

  it('shows the title an admin PATCH wrote on the next customer list read', async () => {
    const tag = `zq${randomBytes(5).toString('hex')}`;
    const { training, product } = await createTraining({ title: `Before ${tag}` });
    const titles = async () =>
      (await customer.http.get('/api/mobile/trainings').query({ search: tag }).set('Authorization', customerAuth).expect(200)).body.data.map(
        (row: { title: string }) => row.title,
      );
    expect(await titles()).to.deep.equal([`Before ${tag}`]);
    // A change past the admin use cases is not seen: the read is served from the cache.
    await product.update({ title: `Direct ${tag}` });
    expect(await titles()).to.deep.equal([`Before ${tag}`]);
    await admin.http.patch(`/api/admin/training/${training.id}`).set('Authorization', adminAuth).send({ title: `After ${tag}` }).expect(200);
    expect(await titles()).to.deep.equal([`After ${tag}`]);
  });
});
