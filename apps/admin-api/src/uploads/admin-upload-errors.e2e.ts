import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  exeBytes,
  isolatedInfrastructure,
  pdfBytes,
  pngBytes,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** community-content-uploads.md, "Errors" (uploads): what POST /api/upload refuses, and how. */
describe('Admin upload errors (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const post = (path = '/api/upload') => api.http.post(path).set('Authorization', auth);
  const expectError = (res: { body: { errorCode: string; message: string } }, errorCode: string, message?: string | RegExp) => {
    expect(res.body.errorCode).to.equal(errorCode);
    if (typeof message === 'string') expect(res.body.message).to.equal(message);
    if (message instanceof RegExp) expect(res.body.message).to.match(message);
  };

  describe('400 VALIDATION_ERROR', () => {
    it('refuses a request without a file (no body, or a form with fields only)', async () => {
      expectError(await post().expect(400), 'VALIDATION_ERROR', 'No file uploaded: send it in the multipart field "file"');
      expectError(await post().field('note', 'no file here').expect(400), 'VALIDATION_ERROR', /No file uploaded/);
      expectError(await post('/api/upload/multiple').field('note', 'x').expect(400), 'VALIDATION_ERROR', /multipart field "files"/);
    });

    it('refuses a file in another field than "file"', async () => {
      const res = await post().attach('document', pngBytes(), { filename: 'a.png', contentType: 'image/png' }).expect(400);
      expectError(res, 'VALIDATION_ERROR', 'Unexpected file field "document"');
    });

    it('refuses a MIME type outside the allow-list, naming the type', async () => {
      const res = await post().attach('file', exeBytes(), { filename: 'setup.exe', contentType: 'application/x-msdownload' }).expect(400);
      expectError(res, 'VALIDATION_ERROR', /application\/x-msdownload/);
    });

    it('refuses a private-only type (PDF) for a public upload type, naming the type', async () => {
      const res = await post('/api/upload?uploadType=avatar')
        .attach('file', pdfBytes(), { filename: 'cv.pdf', contentType: 'application/pdf' })
        .expect(400);
      expectError(res, 'VALIDATION_ERROR', /application\/pdf/);
    });

    it('refuses a file whose content is not the type it was sent as (a renamed executable)', async () => {
      const res = await post().attach('file', exeBytes(), { filename: 'cat.png', contentType: 'image/png' }).expect(400);
      expectError(res, 'VALIDATION_ERROR', /image\/png/);
    });

    it('refuses a malformed multipart body with 400, not 500', async () => {
      const res = await post()
        .set('Content-Type', 'multipart/form-data; boundary=----nothing')
        .send('------nothing\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ntruncated')
        .expect(400);
      expectError(res, 'VALIDATION_ERROR', /Malformed multipart body/);
      const noBoundary = await post().set('Content-Type', 'multipart/form-data').send('x').expect(400);
      expectError(noBoundary, 'VALIDATION_ERROR');
    });

    it('refuses an optimize value that is not a boolean', async () => {
      const res = await post('/api/upload?optimize=maybe').attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' }).expect(400);
      expectError(res, 'VALIDATION_ERROR');
    });
  });

  describe('413 PAYLOAD_TOO_LARGE over UPLOAD_MAX_FILE_SIZE_MB', () => {
    let infra: Infrastructure;
    let small: TestApp;

    before(async () => {
      infra = await isolatedInfrastructure('admin-upload-limit', { UPLOAD_MAX_FILE_SIZE_MB: '1' });
      small = await buildTestApp(createAdminApi, infra);
    });

    after(() => closeTestInfrastructure(infra));

    const pdfOfSize = (bytes: number) => Buffer.concat([pdfBytes(), Buffer.alloc(bytes - pdfBytes().length, 0x20)]);
    const upload = (path: string, field: string, body: Buffer) =>
      small.http.post(path).set('Authorization', auth).attach(field, body, { filename: 'big.pdf', contentType: 'application/pdf' });

    it('takes a file of exactly the limit', async () => {
      const res = await upload('/api/upload?uploadType=file', 'file', pdfOfSize(1024 * 1024)).expect(200);
      expect(res.body.data.size).to.equal(1024 * 1024);
    });

    it('refuses a 2 MB file with 413 "File too large", on both upload routes', async () => {
      expectError(await upload('/api/upload?uploadType=file', 'file', pdfOfSize(2 * 1024 * 1024)).expect(413), 'PAYLOAD_TOO_LARGE', 'File too large');
      expectError(await upload('/api/upload/multiple?uploadType=file', 'files', pdfOfSize(1024 * 1024 + 1)).expect(413), 'PAYLOAD_TOO_LARGE', 'File too large');
    });
  });
});
