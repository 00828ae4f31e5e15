import { Readable } from 'node:stream';
import { expect } from 'chai';
import { Storage } from '@platform/storage';
import { adminToken, buildTestApp, pngBytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** GET /api/upload/file/*key: the stored bytes with exactly the spec's headers. */
describe('Admin file streaming (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const store = (key: string, body: Buffer) =>
    api.app.container.get(Storage).put(key, Readable.from([body]), { contentType: 'application/octet-stream' });
  const get = (key: string) => api.http.get(`/api/upload/file/${key}`).set('Authorization', auth).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

  it('streams an uploaded file with Cache-Control, Content-Type, Content-Disposition and nosniff exactly as specified', async () => {
    const uploaded = await api.http
      .post('/api/upload')
      .set('Authorization', auth)
      .attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
      .expect(200);
    const res = await get(uploaded.body.data.relativePath).expect(200);
    expect(res.headers).to.include({
      'cache-control': 'private, max-age=3600',
      'content-type': 'image/png',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'content-length': String(pngBytes().length),
    });
    expect((res.body as Buffer).equals(pngBytes())).to.equal(true);
  });

  for (const [key, contentType] of [
    ['uploads/file/sheet.csv', 'text/csv'],
    ['uploads/file/book.PDF', 'application/pdf'],
    ['uploads/video/clip.mp4', 'video/mp4'],
    ['uploads/file/blob.bin', 'application/octet-stream'],
    ['uploads/file/no-extension', 'application/octet-stream'],
  ] as const) {
    it(`infers Content-Type ${contentType} from the extension of ${key}`, async () => {
      await store(key, Buffer.from('a,b\n1,2\n'));
      const res = await get(key).expect(200);
      expect(res.headers['content-type']).to.equal(contentType);
      expect(String(res.body)).to.equal('a,b\n1,2\n');
    });
  }

  it('answers 404 NOT_FOUND for a key with nothing stored, or a folder', async () => {
    for (const key of ['uploads/image/2020/01/missing.png', 'uploads/image']) {
      const res = await api.http.get(`/api/upload/file/${key}`).set('Authorization', auth).expect(404);
      expect(res.body).to.deep.equal({ message: 'File not found', errorCode: 'NOT_FOUND' });
    }
  });

  it('answers 400 VALIDATION_ERROR for a key outside public/ and uploads/, or an empty key', async () => {
    for (const key of ['etc/passwd', '..%2F..%2Fpackage.json', '']) {
      const res = await api.http.get(`/api/upload/file/${key}`).set('Authorization', auth).expect(400);
      expect(res.body.errorCode, key).to.equal('VALIDATION_ERROR');
    }
  });

  it('answers 400 VALIDATION_ERROR, not a storage failure, for a key with a control character', async () => {
    for (const key of ['uploads/a%00b.png', 'uploads/image/a%0Ab.png', 'uploads/image/a%7Fb.png']) {
      const res = await api.http.get(`/api/upload/file/${key}`).set('Authorization', auth).expect(400);
      expect(res.body, key).to.deep.equal({ message: 'The key must not contain control characters', errorCode: 'VALIDATION_ERROR' });
    }
  });
});
