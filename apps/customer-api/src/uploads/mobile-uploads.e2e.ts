import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  createCustomer,
  isolatedInfrastructure,
  pdfBytes,
  pngBytes,
  TestApp,
} from '@platform/testing';
import { createCustomerApi } from '../customer-api';

/**
 * community-content-uploads.md, "Uploads, mobile". Each test comes from its own client address
 * (TRUST_PROXY lets the test set X-Forwarded-For), so the per-IP limits never spill between tests.
 */
describe('Mobile uploads (customer-api)', () => {
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;
  let ip: string;

  before(async () => {
    infra = await isolatedInfrastructure('mobile-uploads', { TRUST_PROXY: 'loopback' });
    api = await buildTestApp(createCustomerApi, infra);
    auth = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
  });

  after(() => closeTestInfrastructure(infra));

  beforeEach(() => {
    ip = `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  });

  const upload = (query: string, body = pngBytes(), filename = 'a.png', contentType = 'image/png') =>
    api.http
      .post(`/api/mobile/uploads${query}`)
      .set('X-Forwarded-For', ip)
      .set('Authorization', auth)
      .attach('file', body, { filename, contentType });

  for (const [uploadType, prefix, body, filename, contentType] of [
    ['avatar', 'public/avatar/', pngBytes(), 'me.png', 'image/png'],
    ['image', 'uploads/image/', pngBytes(), 'pic.png', 'image/png'],
    ['file', 'uploads/file/', pdfBytes(), 'doc.pdf', 'application/pdf'],
  ] as const) {
    it(`stores uploadType=${uploadType} under ${prefix}`, async () => {
      const res = await upload(`?uploadType=${uploadType}`, body, filename, contentType).expect(200);
      expect(res.body.message).to.equal('File uploaded successfully');
      expect(res.body.data).to.include({ originalName: filename, mimeType: contentType, size: body.length, expiresAt: null });
      expect(res.body.data.relativePath.startsWith(prefix)).to.equal(true);
      expect(res.body.data.url).to.equal(`/${res.body.data.relativePath}`);
    });
  }

  it('stores as image without an uploadType', async () => {
    const res = await upload('').expect(200);
    expect(res.body.data.relativePath).to.match(/^uploads\/image\//);
  });

  for (const uploadType of ['landing', 'thumbnail', 'trailer', 'video', 'banner', '']) {
    it(`refuses uploadType=${uploadType || '(empty)'} with 400 VALIDATION_ERROR`, async () => {
      const res = await upload(`?uploadType=${uploadType}`).expect(400);
      expect(res.body).to.deep.include({ errorCode: 'VALIDATION_ERROR', message: 'uploadType must be one of: avatar, image, file' });
    });
  }

  it('refuses a request without a file with 400', async () => {
    const res = await api.http.post('/api/mobile/uploads').set('X-Forwarded-For', ip).set('Authorization', auth).field('a', 'b').expect(400);
    expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
  });

  it('takes a file of exactly 5 MB and refuses a larger one with 413', async () => {
    const pdfOf = (bytes: number) => Buffer.concat([pdfBytes(), Buffer.alloc(bytes - pdfBytes().length, 0x20)]);
    await upload('?uploadType=file', pdfOf(5 * 1024 * 1024), 'big.pdf', 'application/pdf').expect(200);
    const res = await upload('?uploadType=file', pdfOf(5 * 1024 * 1024 + 1), 'big.pdf', 'application/pdf').expect(413);
    expect(res.body).to.deep.equal({ message: 'File too large', errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('needs a customer token: 401 without one, 403 with an admin token', async () => {
    const anonymous = await api.http.post('/api/mobile/uploads').set('X-Forwarded-For', ip).attach('file', pngBytes(), 'a.png').expect(401);
    expect(anonymous.body.errorCode).to.equal('UNAUTHORIZED');
    await api.http.get('/api/mobile/uploads/signed-url/uploads/image/a.png').set('X-Forwarded-For', ip).expect(401);
    const admin = `Bearer ${adminToken(api.app.container, ['*'])}`;
    const forbidden = await upload('').set('Authorization', admin).expect(403);
    expect(forbidden.body.errorCode).to.equal('FORBIDDEN');
    await api.http.get('/api/mobile/uploads/signed-url/uploads/image/a.png').set('X-Forwarded-For', ip).set('Authorization', admin).expect(403);
  });

  describe('GET /api/mobile/uploads/signed-url/*key', () => {
    const signedUrl = (path: string) =>
      api.http.get(`/api/mobile/uploads/signed-url/${path}`).set('X-Forwarded-For', ip).set('Authorization', auth);

    it('resolves a private key the customer uploaded', async () => {
      const { body } = await upload('?uploadType=image').expect(200);
      const key = body.data.relativePath;
      const res = await signedUrl(`${key}?expiresIn=60`).expect(200);
      expect(res.body).to.deep.equal({ message: 'Local URL resolved', data: { url: `/${key}`, expiresAt: null } });
    });

    it('resolves any public key', async () => {
      const res = await signedUrl('public/avatar/2025/01/someone.png').expect(200);
      expect(res.body.data).to.deep.equal({ url: '/public/avatar/2025/01/someone.png', expiresAt: null });
    });

    it("treats another customer's private upload, or an admin's file (a paid lesson video), as not found", async () => {
      const { body } = await upload('?uploadType=file', pdfBytes(), 'notes.pdf', 'application/pdf').expect(200);
      const other = `Bearer ${(await createCustomer(api.app.container)).accessToken}`;
      for (const [key, token] of [
        [body.data.relativePath, other],
        ['uploads/video/2025/01/lesson-1/index.m3u8', auth],
      ]) {
        const res = await api.http
          .get(`/api/mobile/uploads/signed-url/${key}`)
          .set('X-Forwarded-For', ip)
          .set('Authorization', token)
          .expect(404);
        expect(res.body).to.deep.equal({ message: 'Upload not found', errorCode: 'NOT_FOUND' });
      }
    });

    for (const [rule, path] of [
      ['a bad key prefix', 'etc/passwd'],
      ['an empty key', ''],
      ['an expiresIn below 1', 'uploads/image/a.png?expiresIn=0'],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await signedUrl(path).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });

  it('serves an uploaded private file under /uploads/ with the local driver', async () => {
    const { body } = await upload('?uploadType=image').expect(200);
    const res = await api.http.get(body.data.url).expect(200);
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(Buffer.from(res.body).equals(pngBytes())).to.equal(true);
  });
});
