import { connect } from 'node:net';
import { expect } from 'chai';
import { IsEmail, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Body, Get, JsonController, Param, Post, QueryParam } from 'routing-controllers';
import { Service } from 'typedi';
import { AccessTokenService } from '@platform/domain';
import { adminToken, buildTestApp, closeTestInfrastructure, isolatedInfrastructure, TestApp } from '@platform/testing';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';
import { RequirePermission } from './auth';
import { jsonDepthExceeds } from './json-bodies';
import { listen } from './operations';
import { FileUpload, MB, UploadedTempFiles } from './uploads';

class SignUpDto {
  @IsEmail()
  @IsString()
  @MaxLength(254)
  email: string;

  @IsInt()
  @Min(1)
  @Max(2147483647)
  productId: number;
}

/** Routes that exist only to exercise what the kit refuses (issue 18, "Error messages a client can act on"). */
@Service()
@JsonController('/hard')
class HardeningFixtureController {
  @Post('/sign-up')
  signUp(@Body() dto: SignUpDto) {
    return dto;
  }

  @Get('/courses/:courseId')
  course(@Param('courseId') courseId: number) {
    return { courseId };
  }

  @Get('/search')
  search(@QueryParam('limit') limit: number) {
    return { limit };
  }

  @Get('/orders')
  @RequirePermission('Orders_READ')
  orders() {
    return [];
  }

  @Post('/upload')
  @FileUpload({ field: 'file', maxSizeBytes: () => MB })
  upload(@UploadedTempFiles() files: unknown[]) {
    return { files: files.length };
  }
}

const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('HTTP kit: malformed requests', () => {
  let kit: TestApp;

  before(async () => {
    kit = await buildTestApp((infra) =>
      createHttpApp({ name: 'kit', infra, container: createAppContainer('kit', infra), controllers: [HardeningFixtureController] }),
    );
  });

  describe('body types', () => {
    it('answers 415 UNSUPPORTED_MEDIA_TYPE naming application/json for a JSON body sent as text/plain or without a type', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        const request = kit.http.post('/hard/sign-up');
        const res = await (type ? request.set('Content-Type', type) : request).send(Buffer.from('{"email":"a@b.np","productId":1}')).expect(415);
        expect(res.body.errorCode, type).to.equal('UNSUPPORTED_MEDIA_TYPE');
        expect(res.body.message, type).to.include('application/json');
      }
    });

    it('accepts application/*+json and a charset parameter', async () => {
      for (const type of ['application/merge-patch+json', 'application/json; charset=utf-8']) {
        await kit.http.post('/hard/sign-up').set('Content-Type', type).send('{"email":"a@b.np","productId":1}').expect(200);
      }
    });

    it('refuses JSON nested deeper than 32 levels with 400 VALIDATION_ERROR, not a stack overflow', async () => {
      const res = await kit.http.post('/hard/sign-up').type('json').send(nested(20_000)).expect(400);
      expect(res.body).to.deep.include({ errorCode: 'VALIDATION_ERROR', message: 'JSON nested deeper than 32 levels' });
      expect(jsonDepthExceeds(Buffer.from(nested(31)))).to.equal(false);
      expect(jsonDepthExceeds(Buffer.from('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[[["}'))).to.equal(false);
    });

    it('refuses a JSON body in a charset other than UTF-8 with 415 before reading it (the depth scan reads UTF-8 bytes)', async () => {
      const utf7 = Buffer.from(`{"a":${'+AFs-'.repeat(20_000)}${'+AF0-'.repeat(20_000)}}`); // [ and ] in UTF-7
      const utf16 = Buffer.from(`{"b":"\u2200",${nested(20_000).slice(1)}`, 'utf16le'); // U+2200's bytes hold a "
      expect(jsonDepthExceeds(utf7) || jsonDepthExceeds(utf16), 'the raw scan is fooled').to.equal(false);
      for (const [charset, body] of [['utf-7', utf7], ['utf-16le', utf16], ['UTF-16', utf16]] as const) {
        const res = await kit.http.post('/hard/sign-up').set('Content-Type', `application/json; charset=${charset}`).send(body).expect(415);
        expect(res.body, charset).to.deep.equal({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', message: `JSON bodies must be encoded as UTF-8 (got charset=${charset})` });
      }
      await kit.http.post('/hard/sign-up').set('Content-Type', 'application/json; charset="UTF-8"').send('{"email":"a@b.np","productId":1}').expect(200);
    });

    it('scans a small body for depth in microseconds', () => {
      const body = Buffer.from(JSON.stringify({ email: 'someone@example.np', productId: 12, items: [{ a: 1 }, { b: [1, 2, 3] }] }));
      const started = process.hrtime.bigint();
      for (let i = 0; i < 10_000; i++) jsonDepthExceeds(body);
      expect(Number(process.hrtime.bigint() - started) / 10_000).to.be.below(20_000); // ns per body
    });

    it('answers an upload route sent JSON with 415 at once instead of waiting for a multipart body', async () => {
      const res = await kit.http.post('/hard/upload').timeout(3_000).send({ file: 'x' }).expect(415);
      expect(res.body.errorCode).to.equal('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('validation messages', () => {
    it('reports the type error first, one problem per field', async () => {
      const res = await kit.http.post('/hard/sign-up').send({ email: 123, productId: 'abc' }).expect(400);
      expect(res.body.errors).to.deep.equal([
        { field: 'email', code: 'isString', message: 'email must be a string' },
        { field: 'productId', code: 'isInt', message: 'productId must be an integer number' },
      ]);
      expect(res.body.message).to.equal('email must be a string');
    });

    it('reports the first failing constraint in declaration order when the type is right', async () => {
      const res = await kit.http.post('/hard/sign-up').send({ email: 'not-an-email', productId: 0 }).expect(400);
      expect(res.body.errors.map((problem: { code: string }) => problem.code)).to.deep.equal(['isEmail', 'min']);
    });

    it('gives an invalid path or query parameter the same { field, code, message } shape as a body', async () => {
      const path = await kit.http.get('/hard/courses/abc').expect(400);
      expect(path.body).to.deep.equal({
        message: 'courseId must be a number',
        errorCode: 'VALIDATION_ERROR',
        errors: [{ field: 'courseId', code: 'isNumber', message: 'courseId must be a number' }],
      });
      const query = await kit.http.get('/hard/search?limit=ten').expect(400);
      expect(query.body.errors).to.deep.equal([{ field: 'limit', code: 'isNumber', message: 'limit must be a number' }]);
    });
  });

  describe('access tokens', () => {
    it('tells an expired token (TOKEN_EXPIRED) from a garbage one (UNAUTHORIZED), each with its challenge', async () => {
      const expired = kit.app.container.get(AccessTokenService).sign({ kind: 'admin', id: 'a', permissions: ['*'] }, -60);
      const late = await kit.http.get('/hard/orders').set('Authorization', `Bearer ${expired}`).expect(401);
      expect(late.body.errorCode).to.equal('TOKEN_EXPIRED');
      expect(late.headers['www-authenticate']).to.equal('Bearer error="invalid_token", error_description="expired"');

      const garbage = await kit.http.get('/hard/orders').set('Authorization', 'Bearer not.a.token').expect(401);
      expect(garbage.body.errorCode).to.equal('UNAUTHORIZED');
      expect(garbage.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');

      const none = await kit.http.get('/hard/orders').expect(401);
      expect(none.headers['www-authenticate']).to.equal('Bearer');
      await kit.http.get('/hard/orders').set('Authorization', `Bearer ${adminToken(kit.app.container, ['*'])}`).expect(200);
    });
  });

  describe('/metrics', () => {
    it('answers 401 without METRICS_TOKEN and 200 with it', async () => {
      await kit.http.get('/metrics').expect(401);
      await kit.http.get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length').expect(401);
      const res = await kit.http.get('/metrics').set('Authorization', `Bearer ${kit.infra.config.http.metricsToken}`).expect(200);
      expect(res.text).to.include('http_request_duration_seconds');
    });
  });

  describe('slow clients', () => {
    it('closes a connection whose body stops short of its Content-Length within the body idle timeout', async function () {
      this.timeout(10_000);
      const infra = await isolatedInfrastructure('kit', { HTTP_BODY_IDLE_TIMEOUT_MS: '300' });
      const app = createHttpApp({ name: 'kit', infra, container: createAppContainer('kit', infra), controllers: [HardeningFixtureController] });
      const server = await listen(app.express, 0, '127.0.0.1', { headersTimeoutMs: 500, requestTimeoutMs: 60_000 });
      try {
        const closedAfter = (request: string) =>
          new Promise<number>((resolve) => {
            const started = Date.now();
            const socket = connect(server.port, '127.0.0.1', () => socket.write(request));
            socket.on('data', () => undefined);
            socket.on('close', () => resolve(Date.now() - started));
          });
        const stalledBody = 'POST /hard/sign-up HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":1';
        expect(await closedAfter(stalledBody)).to.be.within(250, 3_000);
        const stalledHeaders = 'GET /hard/search HTTP/1.1\r\nHost: x\r\n';
        expect(await closedAfter(stalledHeaders)).to.be.within(400, 3_000);
      } finally {
        await server.close(1_000);
        await closeTestInfrastructure(infra);
      }
    });
  });
});
