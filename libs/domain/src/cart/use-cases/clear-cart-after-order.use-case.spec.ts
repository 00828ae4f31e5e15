import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { CartItemModel, CartModel, Database } from '@platform/db';
import { createCart, createCourse, createCustomer, createDigitalBook, createOrder, createPromotion, testContainer } from '@platform/testing';
import { DomainError } from '../../shared';
import { GetCartUseCase } from './get-cart.use-case';
import { ClearCartAfterOrderUseCase } from './clear-cart-after-order.use-case';

describe(ClearCartAfterOrderUseCase.name, () => {
  const cartOf = async (actor: { kind: 'customer'; id: string }) => JSON.parse((await container.get(GetCartUseCase).json(actor)).toString());
  let container: ContainerInstance;
  let useCase: ClearCartAfterOrderUseCase;

  before(async () => {
    container = await testContainer('clear-cart-after-order-spec');
    useCase = container.get(ClearCartAfterOrderUseCase);
  });

  async function checkedOut() {
    const user = await createCustomer(container);
    const { product: course } = await createCourse();
    const { product: book } = await createDigitalBook();
    const promotion = await createPromotion({ discountPaisa: 1_000 });
    const cart = await createCart(user.id, [course, book], { promotion: { promotion, discountPaisa: 1_000 } });
    const order = await createOrder(user.id, [course, book], { source: 'checkout', status: 'paid' });
    return { user, cart, order, products: [course, book] };
  }

  it("completes the order's cart: its items and promotion are cleared", async () => {
    const { user, cart, order } = await checkedOut();
    await order.update({ cartId: cart.id });
    expect(await useCase.execute({ userId: user.id, orderId: order.id })).to.deep.equal({ cartId: cart.id });
    const stored = await CartModel.findByPk(cart.id);
    expect(stored).to.deep.include({ status: 'completed', appliedPromotionId: null, appliedPromotionCode: null, appliedDiscountPaisa: 0 });
    expect(await CartItemModel.count({ where: { cartId: cart.id } })).to.equal(0);
  });

  it('completes a cart in checkout status too', async () => {
    const { user, cart, order } = await checkedOut();
    await cart.update({ status: 'checkout' });
    await order.update({ cartId: cart.id });
    expect(await useCase.execute({ userId: user.id, orderId: order.id })).to.deep.equal({ cartId: cart.id });
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('completed');
  });

  it("without orders.cart_id, completes the user's active cart made before the order", async () => {
    const { user, cart, order } = await checkedOut();
    expect(await useCase.execute({ userId: user.id, orderId: order.id })).to.deep.equal({ cartId: cart.id });
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('completed');
  });

  it('is safe to run twice, and never touches a cart the user started after the order', async () => {
    const { user, cart, order, products } = await checkedOut();
    await useCase.execute({ userId: user.id, orderId: order.id });
    const next = await createCart(user.id, [products[0]]);
    expect(await useCase.execute({ userId: user.id, orderId: order.id })).to.deep.equal({ cartId: null });
    expect((await CartModel.findByPk(next.id))?.status).to.equal('active');
    expect(await CartItemModel.count({ where: { cartId: next.id } })).to.equal(1);
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('completed');
  });

  it('after it, the customer sees a new empty cart (the cached view is invalidated)', async () => {
    const { user, cart, order } = await checkedOut();
    const actor = { kind: 'customer' as const, id: user.id };
    expect((await cartOf(actor)).id).to.equal(cart.id); // cached
    await useCase.execute({ userId: user.id, orderId: order.id });
    const after = await cartOf(actor);
    expect(after.id).not.to.equal(cart.id);
    expect(after.items).to.deep.equal([]);
  });

  it("joins the caller's transaction, invalidating the cached view once it commits", async () => {
    const { user, cart, order } = await checkedOut();
    const actor = { kind: 'customer' as const, id: user.id };
    await cartOf(actor);
    await container.get(Database).transaction((tx) => useCase.execute({ userId: user.id, orderId: order.id }, tx));
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('completed');
    expect((await cartOf(actor)).id).not.to.equal(cart.id);
  });

  it("refuses an unknown order or another user's order with ORDER_NOT_FOUND, changing nothing", async () => {
    const { user, cart, order } = await checkedOut();
    const stranger = await createCustomer(container);
    for (const input of [
      { userId: user.id, orderId: 2_000_000_000 },
      { userId: stranger.id, orderId: order.id },
    ]) {
      const error = await useCase.execute(input).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(DomainError);
      expect((error as DomainError).code).to.equal('ORDER_NOT_FOUND');
    }
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('active');
  });
});
