import { expect } from 'chai';
import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { idCursorPage, IdCursorQuery, ListCursorsService, SortedPageQuery } from '@platform/domain';
import { buildTestApp, TestApp } from '@platform/testing';
import { createAppContainer } from '@platform/runtime';
import { createHttpApp } from './create-http-app';
import { ApiResponse } from './envelope';
import { CursorQuery } from './cursor-query';

/** A controller that exists only to exercise @CursorQuery: it answers what the decorator read. */
@Service()
@JsonController('/cursor-kit')
class CursorQueryFixtureController {
  @Get('/posts')
  posts(@CursorQuery({ by: 'id' }) page: IdCursorQuery) {
    return ApiResponse.ok(page);
  }

  @Get('/messages')
  messages(@CursorQuery({ by: 'id', directions: ['before'] }) page: IdCursorQuery) {
    return ApiResponse.ok(idCursorPage([{ id: 9 }, { id: 8 }], { ...page, limit: 1 }, (row) => row.id));
  }

  @Get('/channels')
  channels(@CursorQuery({ by: 'cursor', list: 'channels.web', sorts: ['createdAt', 'name'], defaultSort: 'createdAt', defaultOrder: 'desc' }) page: SortedPageQuery) {
    return ApiResponse.ok(page);
  }

  @Get('/mobile-channels')
  mobileChannels(@CursorQuery({ by: 'cursor', list: 'channels.mobile', sort: 'createdAt', order: 'desc' }) page: SortedPageQuery) {
    return ApiResponse.ok(page);
  }
}

describe('@CursorQuery (libs/http)', () => {
  let kit: TestApp;
  let cursors: ListCursorsService;

  before(async () => {
    kit = await buildTestApp((infra) => {
      const container = createAppContainer('cursor-kit', infra);
      cursors = container.get(ListCursorsService);
      return createHttpApp({ name: 'cursor-kit', infra, container, controllers: [CursorQueryFixtureController], openapi: { title: 'Cursor kit' } });
    });
  });

  const refused = async (url: string) => {
    const res = await kit.http.get(url);
    return { status: res.status, errorCode: res.body.errorCode, fields: (res.body.errors ?? res.body.details?.errors ?? []).map((e: { field: string }) => e.field) };
  };

  it('reads after_id / before_id / limit into an IdCursorQuery', async () => {
    expect((await kit.http.get('/cursor-kit/posts?after_id=007&limit=5').expect(200)).body.data).to.deep.equal({ direction: 'after', id: '7', limit: 5 });
    expect((await kit.http.get('/cursor-kit/posts').expect(200)).body.data).to.deep.equal({ direction: 'before', id: null, limit: 20 });
  });

  it('answers every malformed id cursor input 422 UNPROCESSABLE, never 400 (both ids, a bad id, a limit outside 1-100)', async () => {
    for (const url of [
      '/cursor-kit/posts?after_id=1&before_id=5',
      '/cursor-kit/posts?after_id=-1',
      '/cursor-kit/posts?before_id=abc',
      '/cursor-kit/posts?before_id=9223372036854775808',
      '/cursor-kit/posts?before_id=1&before_id=2',
      '/cursor-kit/posts?limit=0',
      '/cursor-kit/posts?limit=101',
      '/cursor-kit/posts?limit=ten',
      '/cursor-kit/messages?after_id=1',
    ]) {
      expect(await refused(url), url).to.deep.include({ status: 422, errorCode: 'UNPROCESSABLE' });
    }
  });

  it('pages a before-only list and refuses its after_id', async () => {
    const res = await kit.http.get('/cursor-kit/messages?before_id=10').expect(200);
    expect(res.body.data).to.deep.equal({ items: [{ id: 9 }], cursor: { next_after_id: '9', next_before_id: '9' }, limit: 1, has_more: true, count: 1 });
    const refusal = await kit.http.get('/cursor-kit/messages?after_id=1').expect(422);
    expect(refusal.body).to.include({ errorCode: 'UNPROCESSABLE', message: 'This list does not take after_id; use before_id' });
  });

  it('reads a sorted list’s cursor with the app’s ListCursorsService, and refuses a cursor of another list, sort or order (422)', async () => {
    const web = cursors.encode({ list: 'channels.web', sort: 'name', order: 'asc' }, { value: 'b', id: '2' });
    const ok = await kit.http.get(`/cursor-kit/channels?sort=name&order=asc&cursor=${web}&limit=3`).expect(200);
    expect(ok.body.data).to.deep.equal({ list: 'channels.web', sort: 'name', order: 'asc', after: { value: 'b', id: '2' }, limit: 3 });
    for (const url of [
      `/cursor-kit/channels?cursor=${web}`,
      `/cursor-kit/mobile-channels?cursor=${web}`,
      '/cursor-kit/channels?cursor=forged',
      '/cursor-kit/channels?sort=title',
      '/cursor-kit/channels?order=up',
      '/cursor-kit/mobile-channels?sort=createdAt',
      '/cursor-kit/mobile-channels?limit=500',
    ]) {
      expect(await refused(url), url).to.deep.include({ status: 422, errorCode: 'UNPROCESSABLE' });
    }
  });

  it('documents each list’s query parameters in the OpenAPI document', async () => {
    const { body } = await kit.http.get('/openapi.json').expect(200);
    const names = (path: string) => (body.paths[path].get.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`);
    expect(names('/cursor-kit/posts')).to.deep.equal(['query:after_id', 'query:before_id', 'query:limit']);
    expect(names('/cursor-kit/messages')).to.deep.equal(['query:before_id', 'query:limit']);
    expect(names('/cursor-kit/channels')).to.deep.equal(['query:cursor', 'query:sort', 'query:order', 'query:limit']);
    expect(names('/cursor-kit/mobile-channels')).to.deep.equal(['query:cursor', 'query:limit']);
    const limit = body.paths['/cursor-kit/posts'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).to.deep.equal({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });
});
