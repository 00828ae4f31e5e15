import { expect } from 'chai';
import type { Response } from 'express';
import { Get, JsonController, QueryParams, Res } from 'routing-controllers';
import { Service } from 'typedi';
import { QueryDto, toPage } from '@platform/domain';
import { buildTestApp, TestApp } from '@platform/testing';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';
import { ApiResponse, sendStoredJson, successEnvelopeOfPage } from './envelope';

const VIEW = { id: 7, title: 'नेप्से "quotes"\n', at: new Date('2026-11-28T01:02:03.456Z'), missing: undefined, nested: [{ a: null }] };
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Each view answered as an action returns it, and as its stored JSON sent with sendStoredJson. */
@Service()
@JsonController('/stored')
class StoredJsonFixtureController {
  @Get('/returned')
  returned() {
    return VIEW;
  }

  @Get('/sent')
  sent(@Res() res: Response) {
    return sendStoredJson(res, json(VIEW));
  }

  @Get('/page-returned')
  pageReturned(@QueryParams() query: QueryDto) {
    return ApiResponse.page(toPage([VIEW, VIEW], 42, query));
  }

  @Get('/page-sent')
  pageSent(@QueryParams() query: QueryDto, @Res() res: Response) {
    return sendStoredJson(res, json(toPage([VIEW, VIEW], 42, query)), successEnvelopeOfPage);
  }
}

describe('HTTP kit: views sent as stored JSON', () => {
  let app: TestApp;
  let reachedAfterRoutes = 0;

  before(async () => {
    app = await buildTestApp((infra) => {
      const http = createHttpApp({ name: 'stored', infra, container: createAppContainer('stored', infra), controllers: [StoredJsonFixtureController] });
      // After the 404 and error handlers: only a request whose routing went on past its action gets here.
      http.express.use((_req, _res, next) => {
        reachedAfterRoutes++;
        next();
      });
      return http;
    });
  });

  const sameAnswer = async (returned: string, sent: string) => {
    const [a, b] = await Promise.all([app.http.get(returned).expect(200), app.http.get(sent).expect(200)]);
    expect(b.text).to.equal(a.text);
    for (const header of ['content-type', 'content-length', 'etag']) expect(b.headers[header], header).to.equal(a.headers[header]);
    const revalidated = await app.http.get(sent).set('If-None-Match', a.headers['etag']);
    expect(revalidated.status).to.equal(304);
  };

  it('sends byte for byte what the action returning the view sends: body, Content-Type with charset, length, ETag', async () => {
    await sameAnswer('/stored/returned', '/stored/sent');
  });

  it('sends a stored Page in the list envelope, as ApiResponse.page does', async () => {
    await sameAnswer('/stored/page-returned?page=2&size=5', '/stored/page-sent?page=2&size=5');
  });

  it('ends routing once an action answered: no later route or handler runs', async () => {
    reachedAfterRoutes = 0;
    await app.http.get('/stored/returned').expect(200);
    await app.http.get('/stored/sent').expect(200);
    // Before: routing-controllers' next() walked every later route, then the unmatched-route and 404 handlers (which
    // pass an answered request on) to this one.
    expect(reachedAfterRoutes).to.equal(0);
    expect((await app.http.get('/stored/nothing-here').expect(404)).body.errorCode, 'requests no route took still get their 404').to.equal('NOT_FOUND');
  });
});
