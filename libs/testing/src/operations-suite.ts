import { expect } from 'chai';
import type { HttpApp } from '@platform/http';
import { Database } from '@platform/db';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { closeTestInfrastructure, isolatedInfrastructure } from './shared-infrastructure';
import { TcpProxy } from './tcp-proxy';
import { buildTestApp, eventually, TestApp } from './test-apps';
import { TEST_ENV } from './test-environment';

export interface OperationsExpectations {
  /** Paths the app's OpenAPI document must list; omit for an app without docs (jobs). */
  documentedPaths?: string[];
}

/**
 * What every app promises operations (CONTRACT section 1): /healthz, /readyz that follows its
 * dependencies, /metrics, and (for the APIs) /openapi.json and /docs.
 */
export function describeOperations(name: string, create: (infra: Infrastructure) => HttpApp, expectations: OperationsExpectations): void {
  describe(`${name} operations`, () => {
    let api: TestApp;

    before(async () => {
      api = await buildTestApp(create);
    });

    it('answers /healthz', async () => {
      const res = await api.http.get('/healthz').expect(200);
      expect(res.body.data.status).to.equal('ok');
    });

    it('answers /readyz 200 when PostgreSQL and Redis answer', async () => {
      const res = await api.http.get('/readyz').expect(200);
      expect(res.body.data.checks).to.deep.equal({ database: 'up', redis: 'up' });
    });

    it('serves Prometheus metrics with request durations to a holder of METRICS_TOKEN only', async () => {
      await api.http.get('/healthz');
      const refused = await api.http.get('/metrics').expect(401);
      expect(refused.body.errorCode).to.equal('UNAUTHORIZED');
      const res = await api.http.get('/metrics').set('Authorization', `Bearer ${api.infra.config.http.metricsToken}`).expect(200);
      expect(res.text).to.include('http_request_duration_seconds_bucket');
      expect(res.text).to.include(`app="${name}"`);
    });

    if (expectations.documentedPaths) {
      const paths = expectations.documentedPaths;
      it('lists its routes in /openapi.json and serves Swagger UI at /docs', async () => {
        const res = await api.http.get('/openapi.json').expect(200);
        expect(res.body.openapi).to.match(/^3\./);
        expect(Object.keys(res.body.paths)).to.include.members(paths);
        const docs = await api.http.get('/docs/').expect(200);
        expect(docs.text).to.include('swagger-ui');
      });
    } else {
      it('has no OpenAPI document', async () => {
        await api.http.get('/openapi.json').expect(404);
      });
    }

    describe('when PostgreSQL goes away', () => {
      let proxy: TcpProxy;
      let infra: Infrastructure;
      let proxied: TestApp;

      before(async () => {
        const dbUrl = new URL(TEST_ENV['DATABASE_URL']);
        proxy = await new TcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) }).start();
        const viaProxy = new URL(dbUrl);
        viaProxy.host = `127.0.0.1:${proxy.port}`;
        // No models: sequelize binds model classes to one connection, and the shared one keeps them.
        const db = new Database({ url: viaProxy.toString(), pool: { max: 2, min: 0, idleMs: 1_000, acquireMs: 2_000 }, statementTimeoutMs: 0 }, []);
        infra = await isolatedInfrastructure(name, {}, { db });
        proxied = await buildTestApp(create, infra);
      });

      after(async () => {
        await infra.db.close();
        await closeTestInfrastructure(infra);
        await proxy.stop();
      });

      it('turns /readyz to 503 naming the database, and back to 200 when it returns', async function () {
        this.timeout(30_000);
        await eventually(async () => (await proxied.http.get('/readyz')).status === 200);
        await proxy.cut();
        await eventually(async () => (await proxied.http.get('/readyz')).status === 503);
        const down = await proxied.http.get('/readyz').expect(503);
        expect(down.body.checks).to.deep.equal({ database: 'down', redis: 'up' });
        await proxy.restore();
        await eventually(async () => (await proxied.http.get('/readyz')).status === 200, 15_000);
      });
    });

    describe('when Redis goes away', () => {
      let proxy: TcpProxy;
      let infra: Infrastructure;
      let proxied: TestApp;

      before(async () => {
        const redisUrl = new URL(TEST_ENV['REDIS_URL']);
        proxy = await new TcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }).start();
        const viaProxy = `redis://127.0.0.1:${proxy.port}${redisUrl.pathname}`;
        infra = await isolatedInfrastructure(name, { REDIS_URL: viaProxy }, {
          redis: createRedisConnection({ url: viaProxy, prefix: TEST_ENV['REDIS_PREFIX'] }),
        });
        proxied = await buildTestApp(create, infra);
      });

      after(async () => {
        await closeTestInfrastructure(infra);
        await proxy.stop();
      });

      it('turns /readyz to 503 naming Redis, and back to 200 when Redis returns', async function () {
        this.timeout(30_000);
        await eventually(async () => (await proxied.http.get('/readyz')).status === 200);
        await proxy.cut();
        await eventually(async () => (await proxied.http.get('/readyz')).status === 503);
        const down = await proxied.http.get('/readyz').expect(503);
        expect(down.body).to.include({ errorCode: 'SERVICE_UNAVAILABLE' });
        expect(down.body.checks).to.deep.equal({ database: 'up', redis: 'down' });
        await proxied.http.get('/healthz').expect(200);
        await proxy.restore();
        await eventually(async () => (await proxied.http.get('/readyz')).status === 200, 15_000);
      });
    });
  });
}
