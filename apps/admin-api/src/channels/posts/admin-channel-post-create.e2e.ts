import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ChannelPostModel } from '@platform/db';
import { adminToken, buildTestApp, createChannel, TestApp } from '@platform/testing';
import { createAdminApi } from '../../admin-api';

const ADMIN_ID = 'post-writer';
const CHART = { kind: 'line', series: [{ name: 'NEPSE', points: [[1, 2000.5], [2, 2010]] }] };

describe('Admin channel posts: create (admin-api)', () => {
  let api: TestApp;
  let admin: string;

  const base = (channelId: number) => `/api/admin/channels/${channelId}/posts`;
  const create = (channelId: number, body: unknown, key: string | null = randomUUID()) => {
    const req = api.http.post(base(channelId)).set('Authorization', admin);
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  /** The 422's fields, for a refusal that names them. */
  const refusedFields = async (channelId: number, body: unknown) => {
    const res = await create(channelId, body);
    expect(res.status, `${JSON.stringify(body).slice(0, 80)} ${JSON.stringify(res.body).slice(0, 300)}`).to.equal(422);
    expect(res.body.errorCode, JSON.stringify(body)).to.equal('UNPROCESSABLE');
    return [...new Set((res.body.errors as Array<{ field: string }>).map((problem) => problem.field))];
  };
  const postsOf = (channelId: number) => ChannelPostModel.count({ where: { channelId } });

  before(async () => {
    api = await buildTestApp(createAdminApi);
    admin = `Bearer ${adminToken(api.app.container, ['Communications_CREATE', 'Communications_READ'], ADMIN_ID)}`;
  });

  describe('the type rules', () => {
    it('creates a TEXT post with 201: publishedAt now by default, not pinned, createdByAdminId the token subject', async () => {
      const channel = await createChannel();
      const before = Date.now();
      const res = await create(channel.id, { type: 'TEXT', body_text: 'Market opens higher' }).expect(201);
      expect(res.body.message).to.equal('Post created successfully');
      const post = res.body.data;
      expect(post).to.have.all.keys(
        'id', 'channelId', 'publishedAt', 'createdByAdminId', 'type', 'bodyText', 'linkUrl', 'chartPayloadJson', 'isPinned', 'pinnedAt',
        'isDeleted', 'deletedAt', 'deletedByAdminId', 'attachments', 'createdAt', 'updatedAt',
      );
      expect(post).to.include({
        channelId: channel.id, type: 'TEXT', bodyText: 'Market opens higher', linkUrl: null, chartPayloadJson: null, isPinned: false,
        pinnedAt: null, isDeleted: false, deletedAt: null, deletedByAdminId: null, createdByAdminId: ADMIN_ID,
      });
      expect(post.id).to.be.a('number');
      expect(post.attachments).to.deep.equal([]);
      expect(Date.parse(post.publishedAt)).to.be.within(before - 1000, Date.now() + 1000);
      const read = await api.http.get(`${base(channel.id)}/${post.id}`).set('Authorization', admin).expect(200);
      expect(read.body.data).to.deep.equal(post);
    });

    it('creates LINK and CHART posts with or without body_text', async () => {
      const channel = await createChannel();
      const link = await create(channel.id, { type: 'LINK', link_url: 'https://example.com/a?b=1' }).expect(201);
      expect(link.body.data).to.include({ type: 'LINK', linkUrl: 'https://example.com/a?b=1', bodyText: null });
      const linkWithText = await create(channel.id, { type: 'LINK', link_url: 'http://example.org', body_text: 'Read this' }).expect(201);
      expect(linkWithText.body.data).to.include({ linkUrl: 'http://example.org', bodyText: 'Read this' });
      const chart = await create(channel.id, { type: 'CHART', chart_payload_json: CHART, body_text: null }).expect(201);
      expect(chart.body.data).to.deep.include({ type: 'CHART', chartPayloadJson: CHART, bodyText: null });
    });

    it('sets published_at as given (metadata) and pins at creation with is_pinned, pinnedAt now', async () => {
      const channel = await createChannel();
      const res = await create(channel.id, { type: 'TEXT', body_text: 'x', published_at: '2024-03-01T09:30:00+05:45', is_pinned: true }).expect(201);
      expect(res.body.data).to.include({ publishedAt: '2024-03-01T03:45:00.000Z', isPinned: true });
      expect(Date.parse(res.body.data.pinnedAt)).to.be.closeTo(Date.now(), 5_000);
    });

    const refusals: Array<[string, Record<string, unknown>, string[]]> = [
      ['TEXT without body_text', { type: 'TEXT' }, ['body_text']],
      ['TEXT with body_text null', { type: 'TEXT', body_text: null }, ['body_text']],
      ['TEXT with a link', { type: 'TEXT', body_text: 'x', link_url: 'https://example.com' }, ['link_url']],
      ['TEXT with a chart', { type: 'TEXT', body_text: 'x', chart_payload_json: CHART }, ['chart_payload_json']],
      ['TEXT with an attachment', { type: 'TEXT', body_text: 'x', attachments: [{ storage_key: 'uploads/file/a.pdf' }] }, ['attachments']],
      ['LINK without link_url', { type: 'LINK', body_text: 'x' }, ['link_url']],
      ['LINK with a chart', { type: 'LINK', link_url: 'https://example.com', chart_payload_json: CHART }, ['chart_payload_json']],
      ['LINK with an attachment', { type: 'LINK', link_url: 'https://example.com', attachments: [{ storage_key: 'uploads/file/a.pdf' }] }, ['attachments']],
      ['CHART without chart_payload_json', { type: 'CHART', body_text: 'x' }, ['chart_payload_json']],
      ['CHART with a link', { type: 'CHART', chart_payload_json: CHART, link_url: 'https://example.com' }, ['link_url']],
      ['CHART with an attachment', { type: 'CHART', chart_payload_json: CHART, attachments: [{ storage_key: 'uploads/file/a.pdf' }] }, ['attachments']],
      ['IMAGE without attachments', { type: 'IMAGE', body_text: 'x' }, ['attachments']],
      ['IMAGE with an empty attachment list', { type: 'IMAGE', attachments: [] }, ['attachments']],
      ['FILE without attachments', { type: 'FILE' }, ['attachments']],
      ['FILE with a link', { type: 'FILE', attachments: [{ storage_key: 'uploads/file/a.pdf' }], link_url: 'https://example.com' }, ['link_url']],
      ['IMAGE with a chart', { type: 'IMAGE', attachments: [{ storage_key: 'uploads/file/a.pdf' }], chart_payload_json: CHART }, ['chart_payload_json']],
      ['TEXT with everything else', { type: 'TEXT', link_url: 'https://e.com', chart_payload_json: {}, attachments: [{ storage_key: 'uploads/file/a.pdf' }] },
        ['body_text', 'link_url', 'chart_payload_json', 'attachments']],
    ];
    for (const [rule, body, fields] of refusals) {
      it(`refuses ${rule} with 422 naming ${fields.join(', ')}, creating nothing`, async () => {
        const channel = await createChannel();
        expect(await refusedFields(channel.id, body)).to.deep.equal(fields);
        expect(await postsOf(channel.id)).to.equal(0);
      });
    }

    it('refuses bad field values with 422 naming the field', async () => {
      const channel = await createChannel();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ body_text: 'x' }, 'type'],
        [{ type: 'POLL', body_text: 'x' }, 'type'],
        [{ type: 'text', body_text: 'x' }, 'type'],
        [{ type: 'TEXT', body_text: '' }, 'body_text'],
        [{ type: 'TEXT', body_text: ' \n\t ' }, 'body_text'],
        [{ type: 'TEXT', body_text: 'x'.repeat(20_001) }, 'body_text'],
        [{ type: 'TEXT', body_text: 'nul \u0000 inside' }, 'body_text'],
        [{ type: 'TEXT', body_text: 42 }, 'body_text'],
        [{ type: 'LINK', link_url: 'example.com/no-scheme' }, 'link_url'],
        [{ type: 'LINK', link_url: 'ftp://example.com/file' }, 'link_url'],
        [{ type: 'LINK', link_url: 'javascript:alert(1)' }, 'link_url'],
        [{ type: 'LINK', link_url: 'https://exa mple.com' }, 'link_url'],
        [{ type: 'LINK', link_url: `https://example.com/${'a'.repeat(2_040)}` }, 'link_url'],
        [{ type: 'CHART', chart_payload_json: [1, 2] }, 'chart_payload_json'],
        [{ type: 'CHART', chart_payload_json: 'a chart' }, 'chart_payload_json'],
        [{ type: 'CHART', chart_payload_json: { blob: 'x'.repeat(262_144) } }, 'chart_payload_json'],
        [{ type: 'CHART', chart_payload_json: { label: 'nul \u0000' } }, 'chart_payload_json'],
        [{ type: 'TEXT', body_text: 'x', published_at: 'yesterday' }, 'published_at'],
        [{ type: 'TEXT', body_text: 'x', published_at: '2024-W01-1' }, 'published_at'],
        [{ type: 'TEXT', body_text: 'x', published_at: null }, 'published_at'],
        [{ type: 'TEXT', body_text: 'x', is_pinned: 'yes' }, 'is_pinned'],
        [{ type: 'TEXT', body_text: 'x', is_pinned: null }, 'is_pinned'],
        [{ type: 'TEXT', body_text: 'x', bodyText: 'camelCase' }, 'bodyText'],
        [{ type: 'TEXT', body_text: 'x', channel_id: 5 }, 'channel_id'],
        [{ type: 'FILE', attachments: 'uploads/file/a.pdf' }, 'attachments'],
      ];
      for (const [body, field] of cases) expect(await refusedFields(channel.id, body), JSON.stringify(body).slice(0, 80)).to.include(field);
      expect(await postsOf(channel.id)).to.equal(0);
    });

    it('refuses a JSON body that is not an object with 400 VALIDATION_ERROR (libs/http, before the route), creating nothing', async () => {
      const channel = await createChannel();
      // Sent as raw JSON text: an array, a string, null, a number, a boolean.
      for (const json of ['[]', '[{"type":"TEXT","body_text":"x"}]', '"text"', 'null', '42', 'true']) {
        const res = await create(channel.id, json).set('Content-Type', 'application/json');
        expect(res.status, json).to.equal(400);
        expect(res.body.errorCode, json).to.equal('VALIDATION_ERROR');
      }
      expect(await postsOf(channel.id)).to.equal(0);
    });

    it('stores a chart payload just under 256 KiB as PostgreSQL measures it, and refuses one just over', async () => {
      const channel = await createChannel();
      // {"blob": "…"} is 12 bytes around the string as jsonb prints it.
      const fits = await create(channel.id, { type: 'CHART', chart_payload_json: { blob: 'x'.repeat(262_144 - 12) } }).expect(201);
      expect(fits.body.data.chartPayloadJson.blob).to.have.length(262_132);
      expect(await refusedFields(channel.id, { type: 'CHART', chart_payload_json: { blob: 'x'.repeat(262_144 - 11) } })).to.deep.equal(['chart_payload_json']);
      // Numbers print as numeric: 1e+300 is 301 digits, so a payload that looks small in JSON can be large.
      const huge = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, 1e300]));
      expect(await refusedFields(channel.id, { type: 'CHART', chart_payload_json: huge })).to.deep.equal(['chart_payload_json']);
    });
  });

  describe('the channel', () => {
    it('refuses a post to an archived or soft-deleted channel with 422 CHANNEL_NOT_ACTIVE', async () => {
      for (const status of ['archived', 'soft_deleted'] as const) {
        const channel = await createChannel({ status });
        const res = await create(channel.id, { type: 'TEXT', body_text: 'x' }).expect(422);
        expect(res.body.errorCode, status).to.equal('CHANNEL_NOT_ACTIVE');
        expect(await postsOf(channel.id)).to.equal(0);
      }
    });

    it('answers 404 CHANNEL_NOT_FOUND for an unknown channel and 400 for a non-numeric id', async () => {
      for (const id of [999_999_999, 99_999_999_999]) {
        expect((await create(id, { type: 'TEXT', body_text: 'x' }).expect(404)).body.errorCode).to.equal('CHANNEL_NOT_FOUND');
      }
      for (const path of ['/api/admin/channels/abc/posts', '/api/admin/channels/1.5/posts', '/api/admin/channels/-1/posts']) {
        const res = await api.http.post(path).set('Authorization', admin).set('Idempotency-Key', randomUUID()).send({ type: 'TEXT', body_text: 'x' });
        expect(res.status, path).to.equal(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      }
    });
  });
});
