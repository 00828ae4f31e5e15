import { expect } from 'chai';
import { Get, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { buildTestApp, TestApp } from '@platform/testing';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';

/** Constrained numeric routes (digits, positive integers) beside named ones, as the apps write them (STYLE "Routes say what they take"). */
@Service()
@JsonController('/fx')
class ConstrainedRoutesFixtureController {
  @Post('/orders/checkout')
  checkout() {
    return { checkout: true };
  }

  @Get('/orders/:id(\\d+)')
  order(@Param('id') id: number) {
    return { id };
  }

  @Get('/orders/:id(\\d+)/items/:itemId(\\d+)')
  item(@Param('id') id: number, @Param('itemId') itemId: number) {
    return { id, itemId };
  }

  @Get('/threads/:id([1-9]\\d*)/replies/:replyId([1-9]\\d*)')
  reply(@Param('id') id: number, @Param('replyId') replyId: string) {
    return { id, replyId };
  }

  @Get('/courses/:slug')
  course(@Param('slug') slug: string) {
    return { slug };
  }
}

const problem = (field: string) => ({ field, code: 'isInt', message: `${field} must be a positive integer` });

describe('HTTP kit: requests no route takes', () => {
  let kit: TestApp;

  before(async () => {
    kit = await buildTestApp((infra) =>
      createHttpApp({ name: 'kit', infra, container: createAppContainer('kit', infra), controllers: [ConstrainedRoutesFixtureController] }),
    );
  });

  it('never hands a named route to a numeric one: GET /orders/checkout answers 404 naming the method it takes, with Allow', async () => {
    const res = await kit.http.get('/fx/orders/checkout').expect(404);
    expect(res.headers['allow']).to.equal('POST');
    expect(res.body).to.deep.equal({ message: 'Route GET /fx/orders/checkout not found; this path takes POST', errorCode: 'NOT_FOUND' });
  });

  it('names every method of a path taken by another method (HEAD with GET)', async () => {
    const res = await kit.http.delete('/fx/orders/12').expect(404);
    expect(res.headers['allow']).to.equal('GET, HEAD');
    expect(res.body.errorCode).to.equal('NOT_FOUND');
  });

  it('answers a non-numeric id on a numeric route with 400 VALIDATION_ERROR and errors[]', async () => {
    for (const id of ['abc', '1.5', '-1', '12abc', '1e3']) {
      const res = await kit.http.get(`/fx/orders/${id}`).expect(400);
      expect(res.body, id).to.deep.equal({ message: 'id must be a positive integer', errorCode: 'VALIDATION_ERROR', errors: [problem('id')] });
    }
  });

  it('lists each malformed parameter of a route, and only those', async () => {
    expect((await kit.http.get('/fx/orders/7/items/x').expect(400)).body.errors).to.deep.equal([problem('itemId')]);
    expect((await kit.http.get('/fx/orders/a/items/b').expect(400)).body.errors).to.deep.equal([problem('id'), problem('itemId')]);
  });

  it('answers a positive-integer parameter that is 0, has a leading zero or is not digits with 400 VALIDATION_ERROR', async () => {
    for (const id of ['0', '00', '007', 'abc', '-1', '1.5']) {
      const res = await kit.http.get(`/fx/threads/${id}/replies/3`).expect(400);
      expect(res.body, id).to.deep.equal({ message: 'id must be a positive integer', errorCode: 'VALIDATION_ERROR', errors: [problem('id')] });
    }
    expect((await kit.http.get('/fx/threads/0/replies/0').expect(400)).body.errors).to.deep.equal([problem('id'), problem('replyId')]);
  });

  it('serves a positive-integer parameter written without a leading zero', async () => {
    expect((await kit.http.get('/fx/threads/10/replies/9007199254740993').expect(200)).body.data).to.deep.equal({ id: 10, replyId: '9007199254740993' });
  });

  it('still serves numeric ids and unconstrained parameters', async () => {
    expect((await kit.http.get('/fx/orders/12').expect(200)).body.data).to.deep.equal({ id: 12 });
    expect((await kit.http.get('/fx/orders/12/items/3').expect(200)).body.data).to.deep.equal({ id: 12, itemId: 3 });
    expect((await kit.http.get('/fx/courses/intro-to-nepse').expect(200)).body.data).to.deep.equal({ slug: 'intro-to-nepse' });
  });

  it('keeps the plain 404 for a path no route takes in any method or shape', async () => {
    for (const [method, path] of [
      ['get', '/fx/nowhere'],
      ['post', '/fx/orders/abc'],
      ['get', '/fx/orders/abc/extra'],
    ] as const) {
      const res = await kit.http[method](path).expect(404);
      expect(res.headers['allow'], path).to.equal(undefined);
      expect(res.body, path).to.deep.equal({ message: `Route ${method.toUpperCase()} ${path} not found`, errorCode: 'NOT_FOUND' });
    }
  });
});
