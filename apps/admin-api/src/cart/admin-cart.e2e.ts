import { expect } from 'chai';
import { CartModel } from '@platform/db';
import {
  adminToken,
  buildTestApp,
  createCart,
  createCourse,
  createCustomer,
  createDigitalBook,
  createPromotion,
  customerToken,
  expireCart,
  invalidTokenCases,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** GET /api/admin/cart/users/:userId (learning-commerce.md, "Endpoints → Cart"): support view, `Orders_READ`. */
describe('Admin cart view (admin-api)', () => {
  let api: TestApp;
  let reader: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    reader = `Bearer ${adminToken(api.app.container, ['Orders_READ'])}`;
  });

  const view = (userId: string, auth = reader) => api.http.get(`/api/admin/cart/users/${userId}`).set('Authorization', auth);

  it("answers the user's active cart with its items, snapshots, totals and owner", async () => {
    const user = await createCustomer(api.app.container);
    const { product: course } = await createCourse({ mrpPaisa: 10_000, spPaisa: 8_000 });
    const { product: book } = await createDigitalBook({ mrpPaisa: 3_000, spPaisa: 2_000 });
    const promotion = await createPromotion({ discountPaisa: 1_500 });
    await createCart(user.id, [], { status: 'abandoned' });
    const cart = await createCart(user.id, [course, book], { promotion: { promotion, discountPaisa: 1_500 } });
    const res = await view(user.id).expect(200);
    expect(res.body.data).to.deep.include({
      id: cart.id,
      userId: user.id,
      status: 'active',
      isExpired: false,
      totalMrp: 13_000,
      totalSp: 10_000,
      appliedPromotionId: promotion.id,
      appliedPromotionCode: promotion.code,
      appliedDiscount: 1_500,
      payable: 8_500,
    });
    expect(res.body.data.items.map((item: { productId: number; unitSp: number }) => [item.productId, item.unitSp])).to.deep.equal([
      [course.id, 8_000],
      [book.id, 2_000],
    ]);
    expect(res.body.data).to.include.keys('createdAt', 'updatedAt', 'expiresAt');
  });

  it('shows an expired cart that is still active as it is, without replacing it', async () => {
    const user = await createCustomer(api.app.container);
    const cart = await createCart(user.id);
    await expireCart(cart.id);
    const res = await view(user.id).expect(200);
    expect(res.body.data).to.deep.include({ id: cart.id, isExpired: true });
    expect((await CartModel.findByPk(cart.id))?.status).to.equal('active');
  });

  it('answers 404 CART_NOT_FOUND for a user without an active cart, an unknown user, or an id that is no UUID', async () => {
    const user = await createCustomer(api.app.container);
    await createCart(user.id, [], { status: 'completed' });
    for (const userId of [user.id, '01900000-0000-7000-8000-0000000000ff', 'not-a-uuid']) {
      const res = await view(userId).expect(404);
      expect(res.body.errorCode, userId).to.equal('CART_NOT_FOUND');
    }
  });

  it('needs Orders_READ: 401 without a valid admin token, 403 for a customer or without the permission', async () => {
    const user = await createCustomer(api.app.container);
    await createCart(user.id);
    for (const [label, header] of invalidTokenCases('admin', user.id)) {
      const res = header === undefined ? await api.http.get(`/api/admin/cart/users/${user.id}`) : await view(user.id, header);
      expect(res.status, label).to.equal(401);
    }
    await view(user.id, `Bearer ${customerToken(api.app.container, user.id)}`).expect(403);
    const res = await view(user.id, `Bearer ${adminToken(api.app.container, ['Orders_UPDATE', 'Promotions_READ'])}`).expect(403);
    expect(res.body.errorCode).to.equal('FORBIDDEN');
    await view(user.id, `Bearer ${adminToken(api.app.container, ['*'])}`).expect(200);
  });

  it('documents the permission and the response shape', async () => {
    const { body } = await api.http.get('/openapi.json').expect(200);
    const operation = body.paths['/api/admin/cart/users/{userId}'].get;
    expect(operation['x-required-permissions']).to.deep.equal(['Orders_READ']);
    const data = operation.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties).to.include.keys('userId', 'items', 'payable', 'isExpired');
  });
});
