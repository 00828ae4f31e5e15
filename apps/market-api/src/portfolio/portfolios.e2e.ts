import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { adminToken, invalidTokenCases, refusedTokenCode, TestCustomer } from '@platform/testing';
import { buy, PORTFOLIOS, portfolioFixture, PortfolioFixture } from './portfolio.test-helper';

const UNKNOWN = '01900000-0000-7000-8000-0000000000aa';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** market-data.md "Portfolio", "States and transitions" (default flag), "Errors: Portfolio" (portfolio rows). */
describe('Portfolios (market-api /api/v1/market/portfolios)', () => {
  let f: PortfolioFixture;
  let owner: TestCustomer;

  before(async () => {
    f = await portfolioFixture();
    owner = await f.customer();
  });

  const defaults = async (customer: TestCustomer) => {
    const { body } = await f.as(customer).get(`${PORTFOLIOS}?size=100`).expect(200);
    return (body.data as Array<{ name: string; isDefault: boolean }>).filter((p) => p.isDefault).map((p) => p.name);
  };

  describe('create', () => {
    it('answers 201 with the portfolio; the first one is the default, later ones are not', async () => {
      const customer = await f.customer();
      const first = await f.as(customer).post(PORTFOLIOS, { name: '  Long term  ', description: 'Blue chips' }).expect(201);
      expect(first.body.message).to.equal('Portfolio created');
      expect(first.body.data).to.include({ name: 'Long term', description: 'Blue chips', isDefault: true, lastFetchedAt: null });
      expect(first.body.data.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(first.body.data.createdAt).to.match(ISO);
      const second = await f.as(customer).post(PORTFOLIOS, { name: 'Trading' }).expect(201);
      expect(second.body.data).to.include({ isDefault: false, description: null });
    });

    it('answers the spec messages for a missing, blank or too long name and a too long description, with the errors list', async () => {
      const cases: Array<[unknown, string, string]> = [
        [{}, 'name', 'name is required'],
        [{ name: '   ' }, 'name', 'name is required'],
        [{ name: 'x'.repeat(101) }, 'name', 'name must not exceed 100 characters'],
        [{ name: 'ok', description: 'd'.repeat(501) }, 'description', 'description must not exceed 500 characters'],
        [{ name: 42 }, 'name', 'name must be a string'],
        [{ name: 'a\u0000b' }, 'name', 'name must not contain control characters'],
        [{ name: 'ok', description: '\u0000'.repeat(100) }, 'description', 'description must not contain control characters'],
      ];
      for (const [body, field, message] of cases) {
        const res = await f.as(owner).post(PORTFOLIOS, body as object).expect(400);
        expect(res.body.message, message).to.equal(message);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.errors).to.deep.include({ field, code: res.body.errors[0].code, message });
      }
      await f.as(owner).post(PORTFOLIOS, { name: 'é'.repeat(100), description: '😀'.repeat(500) }).expect(201);
    });

    it('answers 400 `Malformed JSON` and 400 `Request body too large` over 64 KiB', async () => {
      const malformed = await f.as(owner).post(PORTFOLIOS).set('Content-Type', 'application/json').send('{"name": ').expect(400);
      expect(malformed.body).to.deep.equal({ message: 'Malformed JSON', errorCode: 'VALIDATION_ERROR' });
      const large = await f.as(owner).post(PORTFOLIOS, { name: 'x', description: 'y'.repeat(65 * 1024) }).expect(400);
      expect(large.body).to.deep.equal({ message: 'Request body too large', errorCode: 'VALIDATION_ERROR' });
      await f.as(owner).post(PORTFOLIOS, { name: 'just under', notes: 'y'.repeat(60 * 1024) }).expect(201);
    });
  });

  describe('list', () => {
    it('pages the customer’s own live portfolios, newest first by default, sortable by name', async () => {
      const customer = await f.customer();
      for (const name of ['b', 'C', 'a']) await f.portfolio(customer, name);
      await f.portfolio(await f.customer(), 'someone else');
      const page = await f.as(customer).get(`${PORTFOLIOS}?size=2`).expect(200);
      expect(page.body).to.include({ count: 3, page: 1, size: 2 });
      expect(page.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['a', 'C']);
      const byName = await f.as(customer).get(`${PORTFOLIOS}?sort=name&order=asc&size=500`).expect(200);
      expect(byName.body.size).to.equal(100);
      expect((await f.as(customer).get(`${PORTFOLIOS}?size=99999999999999999999`).expect(200)).body.size).to.equal(100);
      expect(byName.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['a', 'b', 'C']);
    });

    it('answers 400 for bad pagination or sort', async () => {
      const cases: Array<[string, string]> = [
        ['page=0', 'page must be at least 1'],
        ['page=abc', 'page must be a whole number'],
        ['size=0', 'size must be at least 1'],
        ['sort=price', 'sort must be one of: createdAt updatedAt name'],
        ['order=up', 'order must be one of: asc desc'],
      ];
      for (const [query, message] of cases) {
        const res = await f.as(owner).get(`${PORTFOLIOS}?${query}`).expect(400);
        expect(res.body.message, query).to.equal(message);
      }
    });
  });

  describe('detail', () => {
    it('answers the portfolio with its counts and records lastFetchedAt on every read', async () => {
      const id = await f.portfolio(owner, 'Detail');
      await f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, buy(f.companyIds.A, 10, 500, '2024-07-01')).expect(201);
      const first = await f.as(owner).get(`${PORTFOLIOS}/${id}`).expect(200);
      expect(first.body.data).to.include({ id, name: 'Detail', holdingsCount: 1, transactionsCount: 1 });
      expect(first.body.data.lastFetchedAt).to.match(ISO);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await f.as(owner).get(`${PORTFOLIOS}/${id.toUpperCase()}`).expect(200);
      expect(new Date(second.body.data.lastFetchedAt).getTime()).to.be.greaterThan(new Date(first.body.data.lastFetchedAt).getTime());
    });

    it('answers 400 `Invalid id format` for a non-UUID id on every portfolio route', async () => {
      const routes: Array<[keyof ReturnType<PortfolioFixture['as']>, string]> = [
        ['get', `${PORTFOLIOS}/abc`],
        ['get', `${PORTFOLIOS}/abc/summary`],
        ['get', `${PORTFOLIOS}/abc/holdings`],
        ['get', `${PORTFOLIOS}/abc/valuation`],
        ['get', `${PORTFOLIOS}/abc/distribution`],
        ['get', `${PORTFOLIOS}/abc/companies/NABIL`],
        ['get', `${PORTFOLIOS}/abc/broker-analysis`],
        ['patch', `${PORTFOLIOS}/abc`],
        ['delete', `${PORTFOLIOS}/abc`],
        ['get', `${PORTFOLIOS}/abc/transactions`],
        ['post', `${PORTFOLIOS}/abc/transactions`],
        ['patch', `${PORTFOLIOS}/abc/transactions/${UNKNOWN}`],
        ['delete', `${PORTFOLIOS}/abc/transactions/${UNKNOWN}`],
      ];
      for (const [method, path] of routes) {
        const res = await f.as(owner)[method](path).expect(400);
        expect(res.body.message, `${method} ${path}`).to.equal('Invalid id format');
        expect(res.body.errors).to.deep.equal([{ field: 'id', code: 'uuid', message: 'Invalid id format' }]);
      }
    });

    it('answers 404 `Portfolio not found` for an unknown, deleted or another customer’s portfolio, on every route', async () => {
      const theirs = await f.portfolio(await f.customer(), 'Theirs');
      const deleted = await f.portfolio(owner, 'Deleted');
      await f.as(owner).delete(`${PORTFOLIOS}/${deleted}`).expect(204);
      for (const id of [UNKNOWN, theirs, deleted]) {
        for (const [method, path] of [
          ['get', `${PORTFOLIOS}/${id}`],
          ['get', `${PORTFOLIOS}/${id}/summary`],
          ['get', `${PORTFOLIOS}/${id}/holdings`],
          ['get', `${PORTFOLIOS}/${id}/valuation`],
          ['get', `${PORTFOLIOS}/${id}/distribution`],
          ['get', `${PORTFOLIOS}/${id}/companies/${f.prefix}A`],
          ['get', `${PORTFOLIOS}/${id}/broker-analysis`],
          ['patch', `${PORTFOLIOS}/${id}`],
          ['delete', `${PORTFOLIOS}/${id}`],
          ['get', `${PORTFOLIOS}/${id}/transactions`],
          ['post', `${PORTFOLIOS}/${id}/transactions`],
        ] as const) {
          const body = method === 'post' ? buy(f.companyIds.A, 1, 500, '2024-07-01') : { name: 'x' };
          const request = method === 'get' || method === 'delete' ? f.as(owner)[method](path) : f.as(owner)[method](path, body);
          const res = await request.expect(404);
          expect(res.body, `${method} ${path}`).to.deep.equal({ message: 'Portfolio not found', errorCode: 'NOT_FOUND' });
        }
      }
    });
  });

  describe('update and the default flag', () => {
    it('renames and describes; clears the description with null', async () => {
      const id = await f.portfolio(owner, 'Old');
      const res = await f.as(owner).patch(`${PORTFOLIOS}/${id}`, { name: 'New', description: 'About' }).expect(200);
      expect(res.body.data).to.include({ name: 'New', description: 'About' });
      const cleared = await f.as(owner).patch(`${PORTFOLIOS}/${id}`, { description: null }).expect(200);
      expect(cleared.body.data).to.include({ name: 'New', description: null });
      const invalid = await f.as(owner).patch(`${PORTFOLIOS}/${id}`, { name: '' }).expect(400);
      expect(invalid.body.message).to.equal('name is required');
    });

    it('promotes with isDefault true (the old default loses it) and refuses isDefault false with the spec message', async () => {
      const customer = await f.customer();
      const first = await f.portfolio(customer, 'first');
      const second = await f.portfolio(customer, 'second');
      await f.as(customer).patch(`${PORTFOLIOS}/${second}`, { isDefault: true }).expect(200);
      expect(await defaults(customer)).to.deep.equal(['second']);
      const refused = await f.as(customer).patch(`${PORTFOLIOS}/${second}`, { isDefault: false }).expect(400);
      expect(refused.body.message).to.equal('isDefault cannot be set to false directly — promote a different portfolio to default instead');
      expect(refused.body.errors).to.deep.equal([{ field: 'isDefault', code: 'isDefault', message: refused.body.message }]);
      await f.as(customer).patch(`${PORTFOLIOS}/${first}`, { isDefault: true }).expect(200);
      expect(await defaults(customer)).to.deep.equal(['first']);
    });

    it('keeps exactly one default under concurrent promotions', async () => {
      const customer = await f.customer();
      const ids: string[] = [];
      for (const name of ['p1', 'p2', 'p3', 'p4', 'p5']) ids.push(await f.portfolio(customer, name));
      for (let round = 0; round < 3; round += 1) {
        const results = await Promise.all(ids.map((id) => f.as(customer).patch(`${PORTFOLIOS}/${id}`, { isDefault: true })));
        expect(results.map((res) => res.status)).to.deep.equal([200, 200, 200, 200, 200]);
        expect(await defaults(customer)).to.have.length(1);
      }
    });

    it('makes exactly one of concurrently created first portfolios the default', async () => {
      const customer = await f.customer();
      await Promise.all(['x', 'y', 'z', 'w'].map((name) => f.as(customer).post(PORTFOLIOS, { name }).expect(201)));
      expect(await defaults(customer)).to.have.length(1);
    });

    it('refuses a second default or a customer without one at the database level', async () => {
      const customer = await f.customer();
      const first = await f.portfolio(customer, 'first');
      const second = await f.portfolio(customer, 'second');
      const db = f.api.app.container.get(Database);
      const run = (sql: string) => db.sequelize.query(sql, { replacements: { first, second }, type: QueryTypes.UPDATE });
      await run(`UPDATE portfolios SET is_default = true WHERE id = :second`).then(
        () => expect.fail('a second default was stored'),
        (error: { parent?: { constraint?: string } }) => expect(error.parent?.constraint).to.equal('portfolios_one_default_per_customer'),
      );
      await run(`UPDATE portfolios SET is_default = false WHERE id = :first`).then(
        () => expect.fail('a customer without a default was stored'),
        (error: Error) => expect(error.message).to.match(/has portfolios but no default one/),
      );
    });
  });

  describe('delete', () => {
    it('answers 204, hides the portfolio and its transactions, and hands the default to the oldest one left', async () => {
      const customer = await f.customer();
      const first = await f.portfolio(customer, 'first');
      await f.portfolio(customer, 'second');
      await f.portfolio(customer, 'third');
      await f.as(customer).post(`${PORTFOLIOS}/${first}/transactions`, buy(f.companyIds.A, 10, 500, '2024-07-01')).expect(201);
      const res = await f.as(customer).delete(`${PORTFOLIOS}/${first}`).expect(204);
      expect(res.text).to.equal('');
      expect(await defaults(customer)).to.deep.equal(['second']);
      const [{ live }] = await f.api.app.container
        .get(Database)
        .sequelize.query<{ live: string }>(`SELECT count(*) AS live FROM portfolio_transactions WHERE portfolio_id = :first AND deleted_at IS NULL`, {
          replacements: { first },
          type: QueryTypes.SELECT,
        });
      expect(Number(live)).to.equal(0);
      await f.as(customer).get(`${PORTFOLIOS}/${first}`).expect(404);
    });

    it('keeps a company with transactions from being removed (FK restrict)', async () => {
      const id = await f.portfolio(owner, 'Restrict');
      await f.as(owner).post(`${PORTFOLIOS}/${id}/transactions`, buy(f.companyIds.B, 1, 200, '2024-07-01')).expect(201);
      const error = await f.api.app.container
        .get(Database)
        .sequelize.query(`DELETE FROM market_companies WHERE id = :id`, { replacements: { id: f.companyIds.B } })
        .catch((caught: Error) => caught);
      expect((error as Error).message).to.match(/portfolio_(transactions|holdings)/);
    });
  });

  it('documents the fifteen portfolio routes in /openapi.json, each with the bearer requirement', async () => {
    const { body } = await f.api.http.get('/openapi.json').expect(200);
    const routes: Array<[string, string]> = [
      ['/api/v1/market/portfolios', 'post'],
      ['/api/v1/market/portfolios', 'get'],
      ['/api/v1/market/portfolios/{id}', 'get'],
      ['/api/v1/market/portfolios/{id}', 'patch'],
      ['/api/v1/market/portfolios/{id}', 'delete'],
      ['/api/v1/market/portfolios/{id}/summary', 'get'],
      ['/api/v1/market/portfolios/{id}/holdings', 'get'],
      ['/api/v1/market/portfolios/{id}/valuation', 'get'],
      ['/api/v1/market/portfolios/{id}/distribution', 'get'],
      ['/api/v1/market/portfolios/{id}/companies/{symbol}', 'get'],
      ['/api/v1/market/portfolios/{id}/broker-analysis', 'get'],
      ['/api/v1/market/portfolios/{id}/transactions', 'post'],
      ['/api/v1/market/portfolios/{id}/transactions', 'get'],
      ['/api/v1/market/portfolios/{id}/transactions/{txId}', 'patch'],
      ['/api/v1/market/portfolios/{id}/transactions/{txId}', 'delete'],
    ];
    for (const [path, method] of routes) {
      const operation = body.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).to.be.a('string');
      expect(operation.security, `${method} ${path}`).to.deep.equal([{ bearerAuth: [] }]);
    }
  });

  describe('authentication', () => {
    for (const [name, header] of invalidTokenCases('customer', '01900000-0000-7000-8000-000000000003')) {
      it(`answers 401 to ${name}`, async () => {
        const request = f.api.http.get(PORTFOLIOS);
        if (header) request.set('Authorization', header);
        expect((await request.expect(401)).body.errorCode).to.equal(refusedTokenCode(name));
      });
    }

    it('answers 401, never 403, to an admin token', async () => {
      const res = await f.api.http.post(PORTFOLIOS).set('Authorization', `Bearer ${adminToken(f.api.app.container, ['*'])}`).send({ name: 'x' }).expect(401);
      expect(res.body.errorCode).to.equal('UNAUTHORIZED');
    });
  });
});
