import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Test } from 'supertest';
import { adminToken, buildTestApp, exeBytes, jpegBytes, pngBytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** POST /api/upload/multiple: up to 10 files in the field "files", all or nothing. */
describe('Admin multiple upload (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const attachPngs = (req: Test, count: number) => {
    for (let n = 0; n < count; n++) req.attach('files', pngBytes(), { filename: `p${n}.png`, contentType: 'image/png' });
    return req;
  };
  const storedImages = async () => {
    const now = new Date();
    const dir = join(api.infra.config.storage.localRoot, 'uploads/image', String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'));
    return (await readdir(dir).catch(() => [])).length;
  };

  it('stores 10 files and answers their results in the order sent', async () => {
    const req = attachPngs(api.http.post('/api/upload/multiple').set('Authorization', auth), 9);
    req.attach('files', jpegBytes(), { filename: 'last.jpeg', contentType: 'image/jpeg' });
    const res = await req.expect(200);
    expect(res.body.message).to.equal('Files uploaded successfully');
    expect(res.body.data).to.have.length(10);
    expect(res.body.data.map((r: { originalName: string }) => r.originalName)).to.deep.equal([
      ...Array.from({ length: 9 }, (_, n) => `p${n}.png`),
      'last.jpeg',
    ]);
    expect(res.body.data[9]).to.include({ mimeType: 'image/jpeg', expiresAt: null });
    expect(res.body.data[9].relativePath).to.match(/^uploads\/image\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(new Set(res.body.data.map((r: { relativePath: string }) => r.relativePath)).size).to.equal(10);
  });

  it('refuses 11 files with 400 and stores none', async () => {
    const before = await storedImages();
    const res = await attachPngs(api.http.post('/api/upload/multiple').set('Authorization', auth), 11).expect(400);
    expect(res.body).to.deep.equal({ message: 'Too many files', errorCode: 'VALIDATION_ERROR' });
    expect(await storedImages()).to.equal(before);
  });

  it('refuses the whole request when one file is not allowed, storing none of them', async () => {
    const before = await storedImages();
    const req = attachPngs(api.http.post('/api/upload/multiple').set('Authorization', auth), 3);
    req.attach('files', exeBytes(), { filename: 'tool.exe', contentType: 'application/x-msdownload' });
    const res = await req.expect(400);
    expect(res.body.message).to.include('application/x-msdownload');
    expect(await storedImages()).to.equal(before);
  });

  it('takes the upload type from the query as the single route does', async () => {
    const res = await attachPngs(api.http.post('/api/upload/multiple?uploadType=thumbnail').set('Authorization', auth), 2).expect(200);
    for (const result of res.body.data) expect(result.relativePath).to.match(/^public\/thumbnail\//);
  });
});
