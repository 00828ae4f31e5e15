import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { QueryTypes } from 'sequelize';
import { ProductAccessModel } from '@platform/db';
import { createCourse, createCustomer, createOrder, grantAccess, testContainer } from '@platform/testing';
import { GrantProductAccessUseCase } from './grant-product-access.use-case';
import { activeAccessSql, ProductAccessPolicy } from './product-access.policy';

const DAY = 86_400_000;

describe('product access', () => {
  let container: ContainerInstance;
  let policy: ProductAccessPolicy;
  let grant: GrantProductAccessUseCase;

  before(async () => {
    container = await testContainer('access-spec');
    policy = container.get(ProductAccessPolicy);
    grant = container.get(GrantProductAccessUseCase);
  });

  async function customerAndCourse() {
    const [customer, { product }] = await Promise.all([createCustomer(container), createCourse()]);
    const newOrderId = async () => (await createOrder(customer.id, [product])).id;
    return { userId: customer.id, productId: product.id, newOrderId };
  }

  describe(ProductAccessPolicy.name, () => {
    it('has no access without a grant', async () => {
      const { userId, productId } = await customerAndCourse();
      expect(await policy.hasActiveAccess(userId, productId)).to.equal(false);
    });

    it('has access with a lifetime grant', async () => {
      const { userId, productId } = await customerAndCourse();
      await grantAccess(userId, productId);
      expect(await policy.hasActiveAccess(userId, productId)).to.equal(true);
    });

    it('has access until a time-limited grant ends, and not after', async () => {
      const { userId, productId } = await customerAndCourse();
      const validUntil = new Date(Date.now() + DAY);
      await grantAccess(userId, productId, { validUntil });
      expect(await policy.hasActiveAccess(userId, productId)).to.equal(true);
      expect(await policy.hasActiveAccess(userId, productId, new Date(validUntil.getTime() + 1))).to.equal(false);
    });

    it('has no access through a revoked grant', async () => {
      const { userId, productId } = await customerAndCourse();
      await grantAccess(userId, productId, { revoked: true });
      expect(await policy.hasActiveAccess(userId, productId)).to.equal(false);
    });

    it("does not give one user's grant to another", async () => {
      const { userId, productId } = await customerAndCourse();
      const other = await createCustomer(container);
      await grantAccess(userId, productId);
      expect(await policy.hasActiveAccess(other.id, productId)).to.equal(false);
    });

    it('answers for many products at once', async () => {
      const { userId, productId } = await customerAndCourse();
      const { product: second } = await createCourse();
      await grantAccess(userId, productId);
      expect([...(await policy.activeProductIds(userId, [productId, second.id]))]).to.deep.equal([productId]);
    });
  });

  describe('activeAccessSql', () => {
    it('agrees with ProductAccessPolicy on lifetime, time-limited (before and after its end) and revoked grants', async () => {
      const { userId } = await customerAndCourse();
      const validUntil = new Date(Date.now() + DAY);
      const grants = [
        { validUntil: undefined, revoked: false },
        { validUntil, revoked: false },
        { validUntil, revoked: true },
        { validUntil: undefined, revoked: true },
      ];
      for (const { validUntil: until, revoked } of grants) {
        const { product } = await createCourse();
        await grantAccess(userId, product.id, { validUntil: until, revoked });
        for (const at of [new Date(), new Date(validUntil.getTime() + 1)]) {
          const [row] = await ProductAccessModel.sequelize!.query<{ active: boolean }>(
            `SELECT bool_or(${activeAccessSql('pa')}) AS active FROM product_access pa WHERE pa.user_id = :userId AND pa.product_id = :productId`,
            { replacements: { userId, productId: product.id, at }, type: QueryTypes.SELECT },
          );
          expect(row.active, `${until ? 'time-limited' : 'lifetime'}${revoked ? ', revoked' : ''} at ${at.toISOString()}`).to.equal(
            await policy.hasActiveAccess(userId, product.id, at),
          );
        }
      }
    });
  });

  describe(GrantProductAccessUseCase.name, () => {
    it('grants once per order: a replay neither adds a row nor extends access', async () => {
      const { userId, productId, newOrderId } = await customerAndCourse();
      const orderId = await newOrderId();
      const first = await grant.execute({ userId, productId, orderId, accessType: 'time_limited', durationDays: 30 });
      const replay = await grant.execute({ userId, productId, orderId, accessType: 'time_limited', durationDays: 30 });
      expect(first.created).to.equal(true);
      expect(replay.created).to.equal(false);
      expect(replay.access.id).to.equal(first.access.id);
      expect(replay.access.validUntil?.getTime()).to.equal(first.access.validUntil?.getTime());
      expect(await ProductAccessModel.count({ where: { userId, productId } })).to.equal(1);
    });

    it('grants once per order under concurrent replays', async () => {
      const { userId, productId, newOrderId } = await customerAndCourse();
      const orderId = await newOrderId();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => grant.execute({ userId, productId, orderId, accessType: 'lifetime' })),
      );
      expect(results.filter((result) => result.created)).to.have.length(1);
      expect(await ProductAccessModel.count({ where: { userId, productId } })).to.equal(1);
    });

    it('runs a second time-limited purchase on from the end of the first', async () => {
      const { userId, productId, newOrderId } = await customerAndCourse();
      const first = await grant.execute({ userId, productId, orderId: await newOrderId(), accessType: 'time_limited', durationDays: 10 });
      const second = await grant.execute({ userId, productId, orderId: await newOrderId(), accessType: 'time_limited', durationDays: 10 });
      const gap = (second.access.validUntil as Date).getTime() - (first.access.validUntil as Date).getTime();
      expect(gap).to.equal(10 * DAY);
    });

    it('records an admin grant with the admin and no order', async () => {
      const { userId, productId } = await customerAndCourse();
      const { access } = await grant.execute({ userId, productId, adminId: 'admin-7', accessType: 'lifetime' });
      expect(access).to.include({ orderId: null, grantedByAdminId: 'admin-7', validUntil: null });
      expect(await policy.hasActiveAccess(userId, productId)).to.equal(true);
    });

    it('refuses a grant with neither an order nor an admin', async () => {
      const { userId, productId } = await customerAndCourse();
      expect(() => grant.execute({ userId, productId, accessType: 'lifetime' })).to.throw(/exactly one/);
    });
  });
});
