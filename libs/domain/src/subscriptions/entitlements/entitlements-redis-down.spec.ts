import { expect } from 'chai';
import { createRedisConnection } from '@platform/redis';
import { closeTestInfrastructure, createCustomer, createSubscription, createSubscriptionCatalog, isolatedInfrastructure, testContainer } from '@platform/testing';
import { EntitlementService } from './entitlements.service';

const DAY = 86_400_000;

/** learning-commerce.md, "Limits": cache failures fall back to reading the database. */
describe(`${EntitlementService.name} when Redis is unreachable`, () => {
  let infra: Awaited<ReturnType<typeof isolatedInfrastructure>>;

  before(async () => {
    infra = await isolatedInfrastructure(
      'entitlements-offline',
      {},
      { redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'entitlements-offline' }, { retryStrategy: () => null }) },
    );
  });
  after(() => closeTestInfrastructure(infra));

  it('answers from the database on every check, so a revoke shows at once without any invalidation', async () => {
    const container = await testContainer('entitlements-offline', infra);
    const entitlements = container.get(EntitlementService);
    const catalog = await createSubscriptionCatalog();
    const userId = (await createCustomer(container)).id;
    const subscription = await createSubscription(
      userId,
      { planId: catalog.premium.plan.id, moduleId: catalog.module.id },
      { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) },
    );
    expect(await entitlements.at(userId)).to.deep.include({ contentTier: 'premium', featureKeys: [catalog.basicKey, catalog.premiumKey].sort() });
    await subscription.update({ status: 'revoked', revokedAt: new Date(), revokedByAdminId: 'admin-offline' });
    expect(await entitlements.hasFeature(userId, catalog.premiumKey)).to.equal(false);
    expect(await entitlements.contentTier(userId)).to.equal(null);
  });
});
