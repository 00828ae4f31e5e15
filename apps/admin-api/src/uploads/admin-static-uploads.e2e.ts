import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { adminToken, buildTestApp, pngBytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** With the local driver admin-api serves `/uploads/` from STORAGE_LOCAL_ROOT/uploads (CONTRACT section 10). */
describe('Local /uploads/ static files (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const upload = (uploadType: string) =>
    api.http
      .post(`/api/upload?uploadType=${uploadType}`)
      .set('Authorization', auth)
      .attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
      .expect(200);

  it('serves an uploaded private file at its URL, with nosniff', async () => {
    const { body } = await upload('image');
    const res = await api.http.get(body.data.url).expect(200);
    expect(res.headers['content-type']).to.equal('image/png');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(Buffer.from(res.body).equals(pngBytes())).to.equal(true);
  });

  it('lists no directory and serves no index', async () => {
    for (const path of ['/uploads/', '/uploads/image/', '/uploads']) {
      const res = await api.http.get(path).expect(404);
      expect(res.body.errorCode, path).to.equal('NOT_FOUND');
    }
  });

  it('does not serve public/ keys: local public URLs are not directly renderable, as the spec says', async () => {
    const { body } = await upload('avatar');
    expect(body.data.url).to.match(/^\/public\/avatar\//);
    await api.http.get(body.data.url).expect(404);
  });

  it('does not climb out of the uploads folder to a file that exists', async () => {
    const { body } = await upload('avatar');
    const key: string = body.data.relativePath;
    expect(key).to.match(/^public\/avatar\//);
    // The target is really there, one level above the served folder.
    expect((await readFile(join(api.infra.config.storage.localRoot, key))).equals(pngBytes())).to.equal(true);
    const below = key.slice('public/'.length);
    for (const path of [`/uploads/..%2Fpublic/${below}`, `/uploads/%2e%2e/public/${below}`, `/uploads/%2e%2e%2fpublic%2f${below.replace(/\//g, '%2f')}`]) {
      const res = await api.http.get(path).buffer(true);
      expect(res.status, path).to.be.oneOf([400, 404]);
      expect(res.headers['content-type'], path).to.match(/^application\/json/);
      expect(res.body.errorCode, path).to.be.oneOf(['VALIDATION_ERROR', 'NOT_FOUND']);
    }
  });
});
