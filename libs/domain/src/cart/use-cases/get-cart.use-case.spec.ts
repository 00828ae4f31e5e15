import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { CartItemModel, CartModel, Database } from '@platform/db';
import { createCart, createCourse, createCustomer, createDigitalBook, createPromotion, expireCart, testContainer } from '@platform/testing';
import { GetCartUseCase } from './get-cart.use-case';

describe(GetCartUseCase.name, () => {
  let container: ContainerInstance;
  let useCase: GetCartUseCase;

  before(async () => {
    container = await testContainer('get-cart-spec');
    useCase = container.get(GetCartUseCase);
  });

  const customer = async () => ({ kind: 'customer' as const, id: (await createCustomer(container)).id });

  describe('the read without a lock shows exactly what the locked read shows', () => {
    async function expectSameViews(owner: { kind: 'customer'; id: string }) {
      const at = new Date();
      const asStored = await useCase.readAsStored(owner, at);
      const locked = await useCase.loadLocked(owner, at);
      expect(asStored).to.deep.equal(locked);
      expect(JSON.stringify(asStored)).to.equal(JSON.stringify(locked));
    }

    it('for a cart with a course line and a digital book line, in the order they were added', async () => {
      const owner = await customer();
      const { product: book } = await createDigitalBook({ title: 'Book "quoted" – ünïcode', mrpPaisa: 123_456, spPaisa: 99_999 });
      const { product: course } = await createCourse({ mrpPaisa: 500_001, spPaisa: 1 });
      const cart = await createCart(owner.id, [book, course]);
      // Lines whose totals are not a plain sum of ones, and an expiry with microseconds (as SQL's now() writes it).
      await CartItemModel.update({ quantity: 3 }, { where: { cartId: cart.id, productId: book.id } });
      await container.get(Database).sequelize.query(`UPDATE carts SET expires_at = now() + interval '1 day' WHERE id = :id`, { replacements: { id: cart.id } });
      await expectSameViews(owner);
      expect((await useCase.readAsStored(owner, new Date()))?.items.map((item) => item.productType)).to.deep.equal(['digital_book', 'course']);
    });

    it('for an empty cart', async () => {
      const owner = await customer();
      await createCart(owner.id);
      await expectSameViews(owner);
    });

    it('and GET /api/cart sends that view as its JSON', async () => {
      const owner = await customer();
      const { product: course } = await createCourse();
      await createCart(owner.id, [course]);
      const asStored = await useCase.readAsStored(owner, new Date());
      expect((await useCase.json(owner)).toString()).to.equal(JSON.stringify(asStored));
    });
  });

  describe('leaves to the locked read every cart it would change', () => {
    it('no active cart (made on first use)', async () => {
      const owner = await customer();
      await createCart(owner.id, [], { status: 'abandoned' });
      expect(await useCase.readAsStored(owner, new Date())).to.equal(null);
    });

    it('an expired cart (abandoned and replaced)', async () => {
      const owner = await customer();
      const cart = await createCart(owner.id);
      await expireCart(cart.id);
      expect(await useCase.readAsStored(owner, new Date())).to.equal(null);
    });

    it('a cart that expires at the moment of the read', async () => {
      const owner = await customer();
      const cart = await createCart(owner.id);
      expect(await useCase.readAsStored(owner, cart.expiresAt)).to.equal(null);
    });

    it('a cart with an applied promotion code (re-priced)', async () => {
      const owner = await customer();
      const { product: course } = await createCourse();
      const promotion = await createPromotion({ discountPaisa: 1_000 });
      await createCart(owner.id, [course], { promotion: { promotion, discountPaisa: 1_000 } });
      expect(await useCase.readAsStored(owner, new Date())).to.equal(null);
    });

    it("never another customer's cart", async () => {
      const [owner, other] = [await customer(), await customer()];
      const { product: course } = await createCourse();
      const theirs = await createCart(other.id, [course]);
      expect(await useCase.readAsStored(owner, new Date())).to.equal(null);
      const view = JSON.parse((await useCase.json(owner)).toString());
      expect(view.id).not.to.equal(theirs.id);
      expect(await CartModel.count({ where: { userId: owner.id, status: 'active' } })).to.equal(1);
    });
  });
});
