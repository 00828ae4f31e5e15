import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  isolatedInfrastructure,
  mp4Bytes,
  pdfBytes,
  pngBytes,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/**
 * community-content-uploads.md, "Upload types", with the S3 driver (s3rver): a public type gets
 * a direct URL and expiresAt null, a private type a signed URL that expires; both serve the bytes.
 */
describe('Admin upload types, S3 driver (admin-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;

  before(async () => {
    s3 = await startS3Server();
    infra = await isolatedInfrastructure('admin-uploads-s3', s3StorageEnv(s3));
    api = await buildTestApp(createAdminApi, infra);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  const ROWS = [
    ['avatar', 'public/avatar/', true],
    ['landing', 'public/landing/', true],
    ['thumbnail', 'public/thumbnail/', true],
    ['trailer', 'public/trailer/', true],
    ['image', 'uploads/image/', false],
    ['video', 'uploads/video/', false],
    ['file', 'uploads/file/', false],
  ] as const;

  for (const [uploadType, prefix, isPublic] of ROWS) {
    it(`gives uploadType=${uploadType} (${prefix}) ${isPublic ? 'a direct URL and expiresAt null' : 'a signed URL and an expiry'}`, async () => {
      const [body, filename, mimeType] =
        uploadType === 'file' ? [pdfBytes(), 'report.pdf', 'application/pdf']
        : uploadType === 'video' || uploadType === 'trailer' ? [mp4Bytes(), 'clip.mp4', 'video/mp4']
        : [pngBytes(), 'pic.png', 'image/png'];
      const before = Date.now();
      const res = await api.http
        .post(`/api/upload?uploadType=${uploadType}`)
        .set('Authorization', auth)
        .attach('file', body, { filename, contentType: mimeType })
        .expect(200);
      const { relativePath, url, expiresAt } = res.body.data;
      expect(relativePath.startsWith(prefix)).to.equal(true);
      if (isPublic) {
        expect(url).to.equal(`${s3.endpoint}/${s3.bucket}/${relativePath}`);
        expect(expiresAt).to.equal(null);
      } else {
        expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/${relativePath}?`)).to.equal(true);
        expect(new URL(url).searchParams.get('X-Amz-Signature')).to.be.a('string');
        // SIGNED_URL_EXPIRES_SECONDS defaults to an hour, counted from the signature's whole second.
        expect(expiresAt).to.be.within(before - 1_000 + 3_600_000, Date.now() + 3_600_000);
      }
      const fetched = await fetch(url);
      expect(fetched.status).to.equal(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(body)).to.equal(true);
      expect(fetched.headers.get('content-type')).to.equal(mimeType);
    });
  }
});
