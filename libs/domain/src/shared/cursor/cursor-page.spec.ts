import { expect } from 'chai';
import type { AppConfig } from '@platform/config';
import { DomainError } from '../errors';
import { readIdCursorQuery } from '../dto/cursor-query.dto';
import { idCursorPage } from './cursor-page.views';
import { idKeyset } from './keyset';
import { ListCursorsService } from './list-cursors.service';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    const { code, message, details } = error as DomainError;
    return { code, message, fields: [...new Set(details?.errors?.map((problem) => problem.field))] };
  }
  throw new Error('expected a refusal');
};

/** What the database answers for idKeyset's query over posts 1, 2, 3 (its order, at most limit + 1 rows). */
const postsFor = (query: ReturnType<typeof readIdCursorQuery>) => {
  const ids = [1, 2, 3].filter((id) => query.id === null || (query.direction === 'after' ? id > Number(query.id) : id < Number(query.id)));
  if (query.direction !== 'after') ids.reverse();
  return ids.slice(0, idKeyset(query, 'p.id').limit).map((id) => ({ id }));
};
const pageOf = (raw: Record<string, unknown>) => {
  const query = readIdCursorQuery(raw);
  const page = idCursorPage(postsFor(query), query, (post) => post.id);
  return { ...page, items: page.items.map((post) => post.id) };
};

describe('cursor pages by id (after_id / before_id)', () => {
  it('follows the spec’s worked example (community-content-uploads.md, Channels mobile, rule 2)', () => {
    expect(pageOf({ after_id: '0', limit: '2' })).to.deep.equal({
      items: [1, 2], cursor: { next_after_id: '2', next_before_id: '1' }, limit: 2, has_more: true, count: 2,
    });
    expect(pageOf({ before_id: '4', limit: '2' })).to.deep.equal({
      items: [3, 2], cursor: { next_after_id: '3', next_before_id: '2' }, limit: 2, has_more: true, count: 2,
    });
  });

  it('answers an empty cursor on the last page, and the newest ids first without a cursor', () => {
    expect(pageOf({ after_id: '2', limit: '2' })).to.deep.equal({ items: [3], cursor: {}, limit: 2, has_more: false, count: 1 });
    expect(pageOf({})).to.deep.equal({ items: [3, 2, 1], cursor: {}, limit: 20, has_more: false, count: 3 });
    expect(pageOf({ limit: 2 })).to.deep.include({ items: [3, 2], has_more: true });
  });

  it('builds keyset SQL without OFFSET: ascending after, descending before', () => {
    expect(idKeyset(readIdCursorQuery({ after_id: '007', limit: '5' }), 'p.id')).to.deep.equal({
      where: 'p.id > CAST(:keysetId AS bigint)', orderBy: 'p.id ASC', limit: 6, replacements: { keysetId: '7' },
    });
    expect(idKeyset(readIdCursorQuery({ before_id: '9223372036854775807' }), 'p.id')).to.deep.equal({
      where: 'p.id < CAST(:keysetId AS bigint)', orderBy: 'p.id DESC', limit: 21, replacements: { keysetId: '9223372036854775807' },
    });
  });

  it('answers 422 UNPROCESSABLE for both ids, an id that is not a non-negative integer in range, or a limit outside 1-100', () => {
    expect(refusal(() => readIdCursorQuery({ after_id: '1', before_id: '5' }))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['after_id'] });
    for (const id of ['-1', '+1', '1.5', '1e3', ' 1', 'abc', '', '9223372036854775808', ['1', '2']]) {
      expect(refusal(() => readIdCursorQuery({ before_id: id })), String(id)).to.deep.include({ code: 'UNPROCESSABLE', fields: ['before_id'] });
    }
    for (const limit of ['0', '101', '-1', '2.5', 'ten']) {
      expect(refusal(() => readIdCursorQuery({ limit })), limit).to.deep.include({ code: 'UNPROCESSABLE', fields: ['limit'] });
    }
    expect(readIdCursorQuery({ limit: '100' }).limit).to.equal(100);
  });
});

describe('cursor pages by id: a list that pages one way', () => {
  it('answers 422 for the direction it does not take (a moderation log: only before_id)', () => {
    const before = { directions: ['before'] as const };
    expect(readIdCursorQuery({ before_id: '9', limit: '5' }, before)).to.deep.equal({ direction: 'before', id: '9', limit: 5 });
    expect(readIdCursorQuery({}, before)).to.deep.equal({ direction: 'before', id: null, limit: 20 });
    expect(refusal(() => readIdCursorQuery({ after_id: '1' }, before))).to.deep.equal({
      code: 'UNPROCESSABLE', message: 'This list does not take after_id; use before_id', fields: ['after_id'],
    });
    expect(refusal(() => readIdCursorQuery({ after_id: 'x', before_id: '2' }, before))).to.deep.include({ fields: ['after_id'] });
  });
});

describe(ListCursorsService.name, () => {
  const cursors = new ListCursorsService({ auth: { jwtSecret: 'a-test-secret-of-some-length' } } as AppConfig);
  const options = { list: 'posts', sorts: ['createdAt', 'updatedAt'] as const, defaultSort: 'createdAt' as const, defaultOrder: 'desc' as const };
  const rows = [1, 2, 3].map((id) => ({ id, title: `post ${id}`, keysetValue: `2024-07-0${id}T00:00:00.000000Z`, keysetId: String(id) }));
  const at = { list: 'posts', sort: 'createdAt', order: 'desc' } as const;

  it('issues next_cursor only while has_more, reads it back as the last item’s position, and leaves the keyset columns out of the items', () => {
    const query = cursors.read({ limit: '2' }, options);
    expect(query).to.deep.equal({ list: 'posts', sort: 'createdAt', order: 'desc', after: null, limit: 2 });
    const page = cursors.page(rows, query);
    expect(page).to.deep.include({ items: [{ id: 1, title: 'post 1' }, { id: 2, title: 'post 2' }], limit: 2, has_more: true, count: 2 });
    const next = (page.cursor as { next_cursor: string }).next_cursor;
    expect(next).to.match(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cursors.read({ cursor: next, limit: '2' }, options).after).to.deep.equal({ value: rows[1].keysetValue, id: '2' });
    expect(cursors.page(rows.slice(0, 2), query).cursor).to.deep.equal({});
  });

  it('answers 422 for a cursor used with another list, sort or order, altered, or not a cursor at all', () => {
    const next = cursors.encode(at, { value: '2024-07-02T00:00:00.000000Z', id: '2' });
    expect(refusal(() => cursors.read({ cursor: next, order: 'asc' }, options))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['cursor'] });
    expect(refusal(() => cursors.read({ cursor: next, sort: 'updatedAt' }, options))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['cursor'] });
    expect(refusal(() => cursors.read({ cursor: next }, { ...options, list: 'comments' }))).to.deep.equal({
      code: 'UNPROCESSABLE', message: 'cursor belongs to another list', fields: ['cursor'],
    });
    const [body, signature] = next.split('.');
    const forged = Buffer.from(JSON.stringify({ l: 'posts', s: 'createdAt', o: 'desc', v: '1999-01-01T00:00:00.000000Z', i: '2' })).toString('base64url');
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.at(-1)}.${signature}`;
    const other = new ListCursorsService({ auth: { jwtSecret: 'another-secret-of-some-length' } } as AppConfig).encode(at, { value: '1', id: '2' });
    for (const cursor of [`${forged}.${signature}`, flipped, other, `${body}.`, body, 'not-a-cursor', '', '.'.repeat(50)]) {
      expect(refusal(() => cursors.read({ cursor }, options)), cursor).to.deep.include({ code: 'UNPROCESSABLE' });
    }
    expect(refusal(() => cursors.read({ sort: 'title' }, options))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['sort'] });
    expect(refusal(() => cursors.read({ limit: '101' }, options))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['limit'] });
  });

  it('reads a list with a fixed order from cursor and limit only (the mobile channel list); sort or order is 422', () => {
    const fixed = { list: 'channels.mobile', sort: 'lastActivityAt', order: 'desc' } as const;
    expect(cursors.read({ limit: '5' }, fixed)).to.deep.equal({ list: 'channels.mobile', sort: 'lastActivityAt', order: 'desc', after: null, limit: 5 });
    const next = cursors.encode(fixed, { value: '2024-07-02T00:00:00.000000Z', id: '2' });
    expect(cursors.read({ cursor: next }, fixed).after).to.deep.equal({ value: '2024-07-02T00:00:00.000000Z', id: '2' });
    expect(refusal(() => cursors.read({ sort: 'lastActivityAt', order: 'asc' }, fixed))).to.deep.include({ code: 'UNPROCESSABLE', fields: ['sort', 'order'] });
    expect(refusal(() => cursors.read({ cursor: cursors.encode({ ...fixed, list: 'channels.web' }, { value: '1', id: '2' }) }, fixed))).to.deep.include({
      fields: ['cursor'],
    });
  });
});
