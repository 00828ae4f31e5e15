import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { CartModel, Database } from '@platform/db';
import { createCart, createCustomer, testContainer } from '@platform/testing';
import { ExpireCartsUseCase } from './expire-carts.use-case';

const MINUTE = 60_000;

describe(ExpireCartsUseCase.name, () => {
  let container: ContainerInstance;
  let useCase: ExpireCartsUseCase;

  before(async () => {
    container = await testContainer('expire-carts-spec');
    useCase = container.get(ExpireCartsUseCase);
  });

  const statusOf = async (cart: CartModel) => (await CartModel.findByPk(cart.id))?.status;

  it('marks active carts past expires_at abandoned and leaves the others', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createCustomer(container)));
    const expired = await createCart(a.id, [], { expiresAt: new Date(Date.now() - MINUTE) });
    const fresh = await createCart(b.id, [], { expiresAt: new Date(Date.now() + MINUTE) });
    const completed = await createCart(c.id, [], { status: 'completed', expiresAt: new Date(Date.now() - MINUTE) });
    const checkout = await createCart(d.id, [], { status: 'checkout', expiresAt: new Date(Date.now() - MINUTE) });

    const { abandoned } = await useCase.execute();
    expect(abandoned).to.be.at.least(1);
    expect(await statusOf(expired)).to.equal('abandoned');
    expect(await statusOf(fresh)).to.equal('active');
    expect(await statusOf(completed)).to.equal('completed');
    expect(await statusOf(checkout)).to.equal('checkout');
  });

  it('is safe to run twice: the second run finds nothing', async () => {
    const user = await createCustomer(container);
    await createCart(user.id, [], { expiresAt: new Date(Date.now() - MINUTE) });
    await useCase.execute();
    expect(await useCase.execute()).to.deep.equal({ abandoned: 0 });
  });

  it('judges expiry at the moment given', async () => {
    const user = await createCustomer(container);
    const cart = await createCart(user.id, [], { expiresAt: new Date(Date.now() + 10 * MINUTE) });
    await useCase.execute(new Date(Date.now() + 5 * MINUTE));
    expect(await statusOf(cart)).to.equal('active');
    await useCase.execute(new Date(Date.now() + 10 * MINUTE + 1_000));
    expect(await statusOf(cart)).to.equal('abandoned');
  });

  it('skips a cart a request holds locked instead of waiting for it', async () => {
    const user = await createCustomer(container);
    const cart = await createCart(user.id, [], { expiresAt: new Date(Date.now() - MINUTE) });
    const db = container.get(Database);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await CartModel.findByPk(cart.id, { transaction: tx, lock: tx.LOCK.UPDATE });
      locked();
      await held;
    });
    await isLocked;
    try {
      await useCase.execute();
      expect(await statusOf(cart)).to.equal('active');
    } finally {
      release();
      await holder;
    }
    await useCase.execute();
    expect(await statusOf(cart)).to.equal('abandoned');
  });
});
