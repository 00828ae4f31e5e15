import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Database, NotificationEventModel, NotificationModel, PushDeviceModel } from '@platform/db';
import { adminToken, buildTestApp, createCustomer, invalidTokenCases, refusedTokenCode, TestApp, TestCustomer } from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * The in-app inbox and push devices of a customer (learning-commerce.md, "Events"), on the web
 * (/api/notifications) and mobile (/api/mobile/notifications) prefixes.
 */
describe('Notifications (customer-api)', () => {
  let api: TestApp;

  before(async () => {
    api = await buildTestApp(createCustomerApi);
  });

  const bearer = (customer: TestCustomer) => `Bearer ${customer.accessToken}`;
  const unique = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

  /** An in-app notification as the deliver job writes it (one outbox event, one row), created `minutesAgo`. */
  async function notify(customer: TestCustomer, orderNumber: string, minutesAgo = 0): Promise<NotificationModel> {
    const payload = { orderId: 1, orderNumber, cancelledBy: 'admin', reason: null };
    const event = await NotificationEventModel.create({
      event: 'ORDER_CANCELLED',
      audience: 'customer',
      userId: customer.id,
      payload,
      dedupeKey: unique('ORDER_CANCELLED:test'),
    });
    const row = await NotificationModel.create({
      userId: customer.id,
      eventId: event.id,
      type: 'ORDER_CANCELLED',
      title: 'Order cancelled',
      body: `Order ${orderNumber} was cancelled by our team.`,
      data: payload,
    });
    await api.app.container.get(Database).sequelize.query(`UPDATE notifications SET created_at = now() - make_interval(mins => :minutes) WHERE id = :id`, {
      replacements: { minutes: minutesAgo, id: row.id },
    });
    return row;
  }

  for (const prefix of ['/api/notifications', '/api/mobile/notifications']) {
    describe(prefix, () => {
      let customer: TestCustomer;
      let other: TestCustomer;

      beforeEach(async () => {
        customer = await createCustomer(api.app.container);
        other = await createCustomer(api.app.container);
      });

      const list = (query = '', who = customer) => api.http.get(`${prefix}${query}`).set('Authorization', bearer(who));
      const read = (id: string | number, who = customer) => api.http.post(`${prefix}/${id}/read`).set('Authorization', bearer(who));
      const readAll = (who = customer) => api.http.post(`${prefix}/read-all`).set('Authorization', bearer(who));
      const ids = (body: { data: Array<{ id: number }> }) => body.data.map((item) => item.id);

      it("lists only the caller's notifications, newest first, with count, page, size and unreadCount", async () => {
        const oldest = await notify(customer, 'ORD-A', 30);
        const middle = await notify(customer, 'ORD-B', 20);
        const newest = await notify(customer, 'ORD-C', 10);
        await notify(other, 'ORD-X');

        const res = await list().expect(200);
        expect(res.body).to.include({ message: 'Success', count: 3, page: 1, size: 20, unreadCount: 3 });
        expect(ids(res.body)).to.deep.equal([newest, middle, oldest].map((row) => Number(row.id)));
        expect(res.body.data[0]).to.deep.include({
          id: Number(newest.id),
          eventId: Number(newest.eventId),
          type: 'ORDER_CANCELLED',
          title: 'Order cancelled',
          body: 'Order ORD-C was cancelled by our team.',
          data: { orderId: 1, orderNumber: 'ORD-C', cancelledBy: 'admin', reason: null },
          read: false,
          readAt: null,
        });

        const second = await list('?size=1&page=2').expect(200);
        expect(second.body).to.include({ count: 3, page: 2, size: 1, unreadCount: 3 });
        expect(ids(second.body)).to.deep.equal([Number(middle.id)]);
        expect(ids((await list('?order=asc').expect(200)).body)[0]).to.equal(Number(oldest.id));
        const beyond = await list('?size=2&page=5').expect(200);
        expect(beyond.body).to.deep.include({ data: [], count: 3, page: 5, size: 2, unreadCount: 3 });
      });

      it('unreadOnly lists the unread ones; unreadCount stays the total unread', async () => {
        const first = await notify(customer, 'ORD-1', 2);
        const second = await notify(customer, 'ORD-2', 1);
        await read(first.id).expect(200);

        const res = await list('?unreadOnly=true').expect(200);
        expect(ids(res.body)).to.deep.equal([Number(second.id)]);
        expect(res.body).to.include({ count: 1, unreadCount: 1 });
        expect((await list('?unreadOnly=false').expect(200)).body).to.include({ count: 2, unreadCount: 1 });
        expect((await list('?unreadOnly=maybe').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
        expect((await list('?sort=title').expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
      });

      it('read marks one notification read, answers it, and a repeat keeps the first read time', async () => {
        const row = await notify(customer, 'ORD-R');
        const first = await read(row.id).expect(200);
        expect(first.body.message).to.equal('Notification marked as read');
        expect(first.body.data).to.include({ id: Number(row.id), read: true, title: 'Order cancelled' });
        expect(first.body.data.readAt).to.be.a('string');

        const again = await read(row.id).expect(200);
        expect(again.body.data.readAt).to.equal(first.body.data.readAt);
        expect((await list().expect(200)).body.unreadCount).to.equal(0);
      });

      it("another customer's notification, an unknown id and a malformed one are not found", async () => {
        const theirs = await notify(other, 'ORD-T');
        for (const id of [theirs.id, '999999999999', '0', 'abc', '99999999999999999999']) {
          const res = await read(id).expect(404);
          expect(res.body).to.deep.equal({ message: 'Notification not found', errorCode: 'NOT_FOUND' });
        }
        expect((await NotificationModel.findByPk(theirs.id))?.readAt).to.equal(null);
      });

      it("read-all marks every unread notification of the caller read, and only the caller's", async () => {
        await notify(customer, 'ORD-1');
        await notify(customer, 'ORD-2');
        const theirs = await notify(other, 'ORD-3');

        const res = await readAll().expect(200);
        expect(res.body).to.deep.equal({ message: 'Notifications marked as read', data: { updated: 2, unreadCount: 0 } });
        expect((await readAll().expect(200)).body.data.updated).to.equal(0);
        expect((await list().expect(200)).body).to.include({ count: 2, unreadCount: 0 });
        expect((await NotificationModel.findByPk(theirs.id))?.readAt).to.equal(null);
      });

      for (const [label, authorization] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000001')) {
        it(`answers 401 to ${label}`, async () => {
          for (const request of [api.http.get(prefix), api.http.post(`${prefix}/1/read`), api.http.post(`${prefix}/read-all`)]) {
            if (authorization) request.set('Authorization', authorization);
            expect((await request.expect(401)).body.errorCode).to.equal(refusedTokenCode(label));
          }
        });
      }

      it('answers 403 to an admin token', async () => {
        const res = await api.http.get(prefix).set('Authorization', `Bearer ${adminToken(api.app.container, ['*'])}`).expect(403);
        expect(res.body.errorCode).to.equal('FORBIDDEN');
      });

      describe('devices', () => {
        const register = (body: object, who = customer) => api.http.post(`${prefix}/devices`).set('Authorization', bearer(who)).send(body);
        const remove = (token: string, who = customer) =>
          api.http.delete(`${prefix}/devices/${encodeURIComponent(token)}`).set('Authorization', bearer(who));

        it('registers a device token, and registering it again updates it instead of adding one', async () => {
          const token = unique('fcm:token_with-chars');
          const res = await register({ token, platform: 'android' }).expect(200);
          expect(res.body.message).to.equal('Device registered');
          expect(res.body.data).to.include({ token, platform: 'android' });
          await register({ token, platform: 'ios' }).expect(200);
          const devices = await PushDeviceModel.findAll({ where: { token } });
          expect(devices.map((device) => [device.userId, device.platform])).to.deep.equal([[customer.id, 'ios']]);
        });

        it('moves a token another user had to the caller', async () => {
          const token = unique('shared-phone');
          await register({ token, platform: 'android' }, other).expect(200);
          await register({ token, platform: 'android' }).expect(200);
          expect((await PushDeviceModel.findAll({ where: { token } })).map((device) => device.userId)).to.deep.equal([customer.id]);
        });

        it('refuses a missing token or an unknown platform', async () => {
          for (const body of [{ platform: 'android' }, { token: '', platform: 'ios' }, { token: 'x', platform: 'windows' }, { token: 'x'.repeat(4097), platform: 'web' }]) {
            expect((await register(body).expect(400)).body.errorCode).to.equal('VALIDATION_ERROR');
          }
        });

        it("deletes the caller's own token; another user's or an unknown one is not found", async () => {
          const mine = unique('mine');
          const theirs = unique('theirs');
          await register({ token: mine, platform: 'web' }).expect(200);
          await register({ token: theirs, platform: 'web' }, other).expect(200);

          expect((await remove(mine).expect(200)).body).to.deep.equal({ message: 'Device removed', data: { token: mine } });
          expect(await PushDeviceModel.count({ where: { token: mine } })).to.equal(0);
          expect((await remove(mine).expect(404)).body.errorCode).to.equal('NOT_FOUND');
          expect((await remove(theirs).expect(404)).body.errorCode).to.equal('NOT_FOUND');
          expect(await PushDeviceModel.count({ where: { token: theirs, userId: other.id } })).to.equal(1);
        });

        it('answers 401 without a token', async () => {
          await api.http.post(`${prefix}/devices`).send({ token: 'x', platform: 'web' }).expect(401);
          await api.http.delete(`${prefix}/devices/x`).expect(401);
        });
      });
    });
  }

  it('keeps the newest 20 devices of a customer', async () => {
    const customer = await createCustomer(api.app.container);
    const tokens = Array.from({ length: 22 }, (_, index) => unique(`device-${index}`));
    for (const token of tokens) {
      await api.http.post('/api/notifications/devices').set('Authorization', bearer(customer)).send({ token, platform: 'android' }).expect(200);
    }
    const kept = (await PushDeviceModel.findAll({ where: { userId: customer.id } })).map((device) => device.token);
    expect(kept).to.have.length(20).and.not.include.members(tokens.slice(0, 2));
  });

  it('counts reads and changes per customer: the 61st change in a minute is refused with 429', async function () {
    this.timeout(20_000);
    const customer = await createCustomer(api.app.container);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      await api.http.post('/api/notifications/read-all').set('Authorization', bearer(customer)).expect(200);
    }
    const refused = await api.http.post('/api/mobile/notifications/read-all').set('Authorization', bearer(customer)).expect(429);
    expect(refused.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    await api.http.get('/api/notifications').set('Authorization', bearer(customer)).expect(200);
  });
});
