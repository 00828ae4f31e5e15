import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { adminToken, buildTestApp, mp4Bytes, pdfBytes, pngBytes, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** community-content-uploads.md, "Upload types", with the local driver: URL `/<key>`, expiresAt null. */
describe('Admin upload types, local driver (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const upload = (query: string, body: Buffer, filename: string, contentType: string) =>
    api.http.post(`/api/upload${query}`).set('Authorization', auth).attach('file', body, { filename, contentType });

  const ROWS = [
    ['avatar', 'public/avatar/'],
    ['landing', 'public/landing/'],
    ['thumbnail', 'public/thumbnail/'],
    ['trailer', 'public/trailer/'],
    ['image', 'uploads/image/'],
    ['video', 'uploads/video/'],
    ['file', 'uploads/file/'],
  ] as const;

  for (const [uploadType, prefix] of ROWS) {
    it(`stores uploadType=${uploadType} under ${prefix}<yyyy>/<mm>/<uuidv7>.<ext> with the URL /<key> and expiresAt null`, async () => {
      const [body, filename, mimeType, ext] =
        uploadType === 'file' ? [pdfBytes(), 'report.pdf', 'application/pdf', 'pdf']
        : uploadType === 'video' || uploadType === 'trailer' ? [mp4Bytes(), 'clip.mp4', 'video/mp4', 'mp4']
        : [pngBytes(), 'pic.png', 'image/png', 'png'];
      const res = await upload(`?uploadType=${uploadType}`, body, filename, mimeType).expect(200);
      const now = new Date();
      const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const { data } = res.body;
      expect(res.body.message).to.equal('File uploaded successfully');
      expect(data.relativePath).to.match(new RegExp(`^${prefix}${month}/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.${ext}$`));
      expect(data).to.deep.equal({
        filename: data.relativePath.split('/').pop(),
        originalName: filename,
        mimeType,
        size: body.length,
        relativePath: data.relativePath,
        url: `/${data.relativePath}`,
        expiresAt: null,
      });
      const stored = await readFile(join(api.infra.config.storage.localRoot, data.relativePath));
      expect(stored.equals(body)).to.equal(true);
    });
  }

  it('stores as image when uploadType is missing, unknown or an inherited property name', async () => {
    for (const query of ['', '?uploadType=banner', '?uploadType=toString', '?uploadType=__proto__']) {
      const res = await upload(query, pngBytes(), 'pic.png', 'image/png').expect(200);
      expect(res.body.data.relativePath, query).to.match(/^uploads\/image\//);
    }
  });

  it('stores as image for any other uploadType: a long one, an empty one, a repeated or bracketed parameter', async () => {
    const queries = [
      `?uploadType=${'trailer'.repeat(100)}`,
      '?uploadType=',
      '?uploadType=avatar&uploadType=trailer',
      '?uploadType=trailer&uploadType=trailer',
      '?uploadType[]=avatar',
      '?uploadType[type]=avatar',
    ];
    for (const query of queries) {
      const res = await upload(query, pngBytes(), 'pic.png', 'image/png');
      expect(res.status, `${query.slice(0, 40)}: ${JSON.stringify(res.body)}`).to.equal(200);
      expect(res.body.data.relativePath, query.slice(0, 40)).to.match(/^uploads\/image\//);
    }
    const multiple = await api.http
      .post('/api/upload/multiple?uploadType=avatar&uploadType=landing')
      .set('Authorization', auth)
      .attach('files', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
      .expect(200);
    expect(multiple.body.data[0].relativePath).to.match(/^uploads\/image\//);
  });

  it('accepts optimize=false as a hint and stores the bytes as sent', async () => {
    const res = await upload('?uploadType=trailer&optimize=false', mp4Bytes(), 'clip.mp4', 'video/mp4').expect(200);
    expect(res.body.data.relativePath).to.match(/^public\/trailer\//);
  });
});
