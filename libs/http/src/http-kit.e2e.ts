import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { IsInt, IsString, Max, MinLength } from 'class-validator';
import { Body, Get, JsonController, Param, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import { DomainError, QueryDto, toPage } from '@platform/domain';
import { adminToken, buildTestApp, closeTestInfrastructure, eventually, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createRedisConnection } from '@platform/redis';
import type { Infrastructure } from '@platform/runtime';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';
import { ApiResponse } from './envelope';
import { RequirePermission } from './auth';
import { RateLimit } from './rate-limit';
import { listen } from './operations';

class EchoDto {
  @IsString()
  @MinLength(2)
  name: string;

  @IsInt()
  @Max(10)
  count: number;
}

let slowRequestStarted: () => void = () => undefined;

/** A controller that exists only to exercise the kit: envelopes, errors, permissions, limits. */
@Service()
@JsonController('/kit')
class KitFixtureController {
  @Get('/plain')
  plain() {
    return { answer: 42 };
  }

  @Get('/message')
  message() {
    return ApiResponse.ok({ answer: 42 }, 'course trailer uploaded successfully');
  }

  @Get('/list')
  list(@QueryParams() query: QueryDto) {
    return ApiResponse.page(toPage([{ page: query.page }], 250, query));
  }

  @Post('/echo')
  echo(@Body() dto: EchoDto) {
    return dto;
  }

  @Get('/items/:id')
  item(@Param('id') id: number) {
    return { id };
  }

  @Get('/domain-error')
  domainError() {
    throw new DomainError('ORDER_CART_EMPTY', 'Your cart is empty');
  }

  @Get('/crash')
  crash() {
    throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
  }

  @Get('/orders')
  @RequirePermission('Orders_READ')
  orders() {
    return [];
  }

  @Get('/limited')
  @RateLimit({ name: 'kit-fixture', points: 2, durationSeconds: 60, by: 'ip' })
  limited() {
    return 'ok';
  }

  @Get('/limited-fail-open')
  @RateLimit({ name: 'kit-fixture-open', points: 2, durationSeconds: 60, by: 'ip', failOpen: true })
  limitedFailOpen() {
    return 'ok';
  }

  @Get('/slow')
  async slow() {
    slowRequestStarted();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return 'done';
  }
}

describe('HTTP kit', () => {
  let kit: TestApp;

  before(async () => {
    kit = await buildTestApp((infra) =>
      createHttpApp({
        name: 'kit',
        infra,
        container: createAppContainer('kit', infra),
        controllers: [KitFixtureController],
        openapi: { title: 'Kit' },
      }),
    );
  });

  describe('envelopes', () => {
    it('wraps a plain result as { message, data }', async () => {
      const res = await kit.http.get('/kit/plain').expect(200);
      expect(res.body).to.deep.equal({ message: 'Success', data: { answer: 42 } });
    });

    it('keeps the message an action chose', async () => {
      const res = await kit.http.get('/kit/message').expect(200);
      expect(res.body.message).to.equal('course trailer uploaded successfully');
    });

    it('adds count, page and size to a paginated list and caps size at 100', async () => {
      const res = await kit.http.get('/kit/list?page=3&size=500').expect(200);
      expect(res.body).to.include({ count: 250, page: 3, size: 100 });
      expect(res.body.data).to.deep.equal([{ page: 3 }]);
    });

    it('rejects a page below 1 or absurdly large (never a database error)', async () => {
      for (const page of ['0', '1000000000000000000', '99999999999999999999', '1.5', 'abc']) {
        const res = await kit.http.get(`/kit/list?page=${page}`).expect(400);
        expect(res.body.errorCode, page).to.equal('VALIDATION_ERROR');
      }
    });
  });

  describe('request logging', () => {
    type Line = Record<string, unknown> & { msg?: string; level?: number; req?: { id?: string; url?: string }; res?: { statusCode?: number }; err?: { message?: string } };
    const lines: Line[] = [];
    let logged: TestApp;
    let loggedInfra: Infrastructure;

    before(async () => {
      const capture = new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      loggedInfra = await isolatedInfrastructure('kit', {}, { logger: pino({ level: 'info' }, capture) });
      logged = await buildTestApp(
        (base) => createHttpApp({ name: 'kit', infra: base, container: createAppContainer('kit', base), controllers: [KitFixtureController] }),
        loggedInfra,
      );
    });
    beforeEach(() => lines.splice(0));
    after(() => closeTestInfrastructure(loggedInfra));

    it('logs an unexpected error with the request id the caller saw, and its completion at error level', async () => {
      const res = await logged.http.get('/kit/crash').expect(500);
      const entry = lines.find((line) => line.msg === 'unhandled error');
      expect(entry?.req?.id).to.equal(res.headers['x-request-id']);
      expect(entry?.err?.message).to.include('secret_table');
      const completed = lines.find((line) => line.msg === 'request errored');
      expect(completed).to.deep.include({ level: 50, res: { statusCode: 500 } });
      expect(completed?.req).to.deep.equal({ id: res.headers['x-request-id'], method: 'GET', url: '/kit/crash' });
    });

    it('logs a 4xx at info with its status and time, and nothing for a 2xx or the health routes at level info', async () => {
      await logged.http.get('/kit/domain-error').expect(400);
      await logged.http.get('/kit/plain').expect(200);
      await logged.http.get('/healthz').expect(200);
      expect(lines).to.have.length(1);
      expect(lines[0]).to.deep.include({ level: 30, msg: 'request completed', res: { statusCode: 400 } });
      expect(lines[0].responseTime).to.be.a('number');
    });
  });

  describe('request logging of an aborted request', () => {
    it('logs `request aborted` at info when the client leaves before the answer', async () => {
      const lines: Array<{ msg?: string; level?: number; req?: { url?: string } }> = [];
      const capture = new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      });
      const infra = await isolatedInfrastructure('kit', {}, { logger: pino({ level: 'info' }, capture) });
      const app = createHttpApp({ name: 'kit', infra, container: createAppContainer('kit', infra), controllers: [KitFixtureController] });
      const server = await listen(app.express, 0, '127.0.0.1');
      try {
        const started = new Promise<void>((resolve) => (slowRequestStarted = resolve));
        const leaving = new AbortController();
        const request = fetch(`http://127.0.0.1:${server.port}/kit/slow`, { signal: leaving.signal }).catch(() => 'aborted');
        await started;
        leaving.abort();
        expect(await request).to.equal('aborted');
        await eventually(async () => lines.some((line) => line.msg === 'request aborted'));
        expect(lines.find((line) => line.msg === 'request aborted')).to.deep.include({ level: 30 });
        expect(lines.find((line) => line.msg === 'request aborted')?.req?.url).to.equal('/kit/slow');
      } finally {
        await server.close(1_000);
        await closeTestInfrastructure(infra);
      }
    });
  });

  describe('security headers', () => {
    it("sends helmet's headers on every response, cross-origin resources allowed", async () => {
      for (const res of [await kit.http.get('/kit/plain').expect(200), await kit.http.get('/kit/nothing-here').expect(404)]) {
        expect(res.headers).to.include({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'cross-origin-resource-policy': 'cross-origin',
          'strict-transport-security': 'max-age=31536000; includeSubDomains',
        });
        expect(res.headers['content-security-policy']).to.include("default-src 'self'");
        expect(res.headers).not.to.have.property('x-powered-by');
      }
    });
  });

  describe('errors', () => {
    it('maps a DomainError through the status table', async () => {
      const res = await kit.http.get('/kit/domain-error').expect(400);
      expect(res.body).to.deep.equal({ message: 'Your cart is empty', errorCode: 'ORDER_CART_EMPTY' });
    });

    it('answers an unexpected error with a bare 500: no stack, no SQL, but a request id', async () => {
      const res = await kit.http.get('/kit/crash').expect(500);
      expect(res.body).to.deep.equal({ message: 'Internal server error', errorCode: 'INTERNAL_ERROR' });
      expect(JSON.stringify(res.body)).not.to.include('secret_table');
      expect(res.headers['x-request-id']).to.be.a('string').that.is.not.empty;
    });

    it('echoes a well-formed caller request id', async () => {
      const res = await kit.http.get('/kit/plain').set('X-Request-Id', 'trace-abc.123').expect(200);
      expect(res.headers['x-request-id']).to.equal('trace-abc.123');
    });

    it('gives 400 VALIDATION_ERROR with field errors for an invalid body', async () => {
      const res = await kit.http.post('/kit/echo').send({ name: 'x', count: 11 }).expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      expect(res.body.errors.map((e: { field: string }) => e.field)).to.have.members(['name', 'count']);
    });

    it('strips unknown body fields instead of passing them on', async () => {
      const res = await kit.http.post('/kit/echo').send({ name: 'ok', count: 1, isAdmin: true }).expect(200);
      expect(res.body.data).to.deep.equal({ name: 'ok', count: 1 });
    });

    it('gives 400 VALIDATION_ERROR for malformed JSON', async () => {
      const res = await kit.http.post('/kit/echo').set('Content-Type', 'application/json').send('{"name": ').expect(400);
      expect(res.body).to.deep.equal({ message: 'Malformed JSON', errorCode: 'VALIDATION_ERROR' });
    });

    it('gives 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
      const res = await kit.http
        .post('/kit/echo')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ name: 'x'.repeat(1_100_000), count: 1 }))
        .expect(413);
      expect(res.body.errorCode).to.equal('PAYLOAD_TOO_LARGE');
    });

    it('gives 400 VALIDATION_ERROR for a body that is an array, not an object', async () => {
      for (const body of ['[]', '[{"name":"ok","count":1}]']) {
        const res = await kit.http.post('/kit/echo').set('Content-Type', 'application/json').send(body).expect(400);
        expect(res.body).to.deep.equal({ message: 'Request body must be a JSON object', errorCode: 'VALIDATION_ERROR' });
      }
      // Scalars never get that far: strict JSON parsing refuses them.
      const scalar = await kit.http.post('/kit/echo').set('Content-Type', 'application/json').send('7').expect(400);
      expect(scalar.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('gives 400 VALIDATION_ERROR for a badly percent-encoded path', async () => {
      const res = await kit.http.get('/kit/items/%E0%A4%A').expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('gives 400 VALIDATION_ERROR for a path parameter of the wrong type', async () => {
      const res = await kit.http.get('/kit/items/abc').expect(400);
      expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
    });

    it('gives 404 NOT_FOUND for an unknown route', async () => {
      const res = await kit.http.get('/kit/nowhere').expect(404);
      expect(res.body).to.deep.equal({ message: 'Route GET /kit/nowhere not found', errorCode: 'NOT_FOUND' });
    });
  });

  describe('permissions', () => {
    it('lets an admin holding the permission through', async () => {
      const token = adminToken(kit.app.container, ['Orders_READ']);
      await kit.http.get('/kit/orders').set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('lets an admin holding "*" through', async () => {
      await kit.http.get('/kit/orders').set('Authorization', `Bearer ${adminToken(kit.app.container, ['*'])}`).expect(200);
    });

    it('gives 403 FORBIDDEN to an admin without the permission', async () => {
      const token = adminToken(kit.app.container, ['Orders_UPDATE', 'Training_READ']);
      const res = await kit.http.get('/kit/orders').set('Authorization', `Bearer ${token}`).expect(403);
      expect(res.body.errorCode).to.equal('FORBIDDEN');
    });

    it('gives 401 UNAUTHORIZED without a token', async () => {
      const res = await kit.http.get('/kit/orders').expect(401);
      expect(res.body.errorCode).to.equal('UNAUTHORIZED');
    });
  });

  describe('rate limits', () => {
    it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After once the policy is used up', async () => {
      await kit.http.get('/kit/limited').expect(200);
      await kit.http.get('/kit/limited').expect(200);
      const res = await kit.http.get('/kit/limited').expect(429);
      expect(res.body.errorCode).to.equal('RATE_LIMIT_EXCEEDED');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    });

    describe('when Redis cannot count', () => {
      let offline: TestApp;
      let infra: Infrastructure;

      before(async () => {
        infra = await isolatedInfrastructure('kit', {}, {
          redis: createRedisConnection({ url: 'redis://127.0.0.1:1/0', prefix: 'kit' }, { retryStrategy: () => null }),
        });
        offline = await buildTestApp(
          (base) => createHttpApp({ name: 'kit', infra: base, container: createAppContainer('kit', base), controllers: [KitFixtureController] }),
          infra,
        );
      });
      after(() => closeTestInfrastructure(infra));

      it('lets requests through on a fail-open policy', async () => {
        await offline.http.get('/kit/limited-fail-open').expect(200);
      });

      it('answers 503 SERVICE_UNAVAILABLE on a fail-closed policy', async () => {
        const res = await offline.http.get('/kit/limited').expect(503);
        expect(res.body.errorCode).to.equal('SERVICE_UNAVAILABLE');
      });
    });
  });

  describe('graceful shutdown', () => {
    it('finishes an in-flight request, then refuses new connections', async () => {
      const server = await listen(kit.app.express, 0, '127.0.0.1');
      const base = `http://127.0.0.1:${server.port}`;
      const started = new Promise<void>((resolve) => (slowRequestStarted = resolve));
      const inFlight = fetch(`${base}/kit/slow`).then((res) => res.json());
      await started;
      const closed = server.close(5_000);
      expect(await inFlight).to.deep.equal({ message: 'Success', data: 'done' });
      await closed;
      let refused = false;
      await fetch(`${base}/healthz`).catch(() => (refused = true));
      expect(refused).to.equal(true);
    });
  });

  describe('OpenAPI', () => {
    it('documents only this app’s routes, with request schemas', async () => {
      const res = await kit.http.get('/openapi.json').expect(200);
      expect(res.body.paths).to.have.property('/kit/echo');
      expect(res.body.paths).not.to.have.property('/api/admin/auth/login');
      expect(res.body.components.schemas).to.have.property('EchoDto');
    });
  });
});
