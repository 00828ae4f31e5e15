import { expect } from 'chai';
import { adminToken, buildTestApp, TestApp } from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** GET /api/upload/signed-url/*key and POST /api/upload/signed-urls with the local driver. */
describe('Admin signed URLs, local driver (admin-api)', () => {
  let api: TestApp;
  let auth: string;

  before(async () => {
    api = await buildTestApp(createAdminApi);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
  });

  const get = (path: string) => api.http.get(`/api/upload/signed-url/${path}`).set('Authorization', auth);
  const batch = (body: object) => api.http.post('/api/upload/signed-urls').set('Authorization', auth).send(body);

  describe('GET /api/upload/signed-url/*key', () => {
    it('resolves a key with slashes to /<key>, expiresAt null, message "Local URL resolved"', async () => {
      for (const key of ['uploads/image/2025/01/a.png', 'public/avatar/2025/01/b.png']) {
        const res = await get(key).expect(200);
        expect(res.body).to.deep.equal({ message: 'Local URL resolved', data: { url: `/${key}`, expiresAt: null } });
      }
    });

    it('removes .. segments from the key (they are dropped, not resolved)', async () => {
      const res = await get('uploads/%2e%2e/image/../a.png?expiresIn=30').expect(200);
      expect(res.body.data.url).to.equal('/uploads/image/a.png');
    });

    for (const [rule, path] of [
      ['a key outside public/ and uploads/', 'etc/passwd'],
      ['a key that climbs out of the prefixes', '..%2F..%2Fetc/passwd'],
      ['an empty key', ''],
      ['a key with a NUL byte', 'uploads/image/a%00b.png'],
      ['a key with a NUL byte, with expiresIn', 'uploads/a%00b.png?expiresIn=60'],
      ['a key with a line break', 'uploads/image/a%0D%0Ab.png'],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await get(path).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }

    for (const expiresIn of ['0', '-5', 'soon', '1.5', '604801']) {
      it(`refuses expiresIn=${expiresIn} with 400 VALIDATION_ERROR`, async () => {
        const res = await get(`uploads/image/a.png?expiresIn=${expiresIn}`).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
        expect(res.body.message).to.include('expiresIn');
      });
    }
  });

  describe('POST /api/upload/signed-urls', () => {
    it('maps each key to its URL, and a key that cannot resolve to null while the others still resolve', async () => {
      const res = await batch({ keys: ['uploads/file/a.pdf', 'secrets/x', 'public/thumbnail/t.png', '', 'uploads/file/a\u0000.pdf'] }).expect(200);
      expect(res.body.message).to.equal('Signed URLs generated');
      expect(res.body.data).to.deep.equal({
        'uploads/file/a.pdf': { url: '/uploads/file/a.pdf', expiresAt: null },
        'secrets/x': null,
        'public/thumbnail/t.png': { url: '/public/thumbnail/t.png', expiresAt: null },
        '': null,
        'uploads/file/a\u0000.pdf': null,
      });
    });

    it('is not thrown off by keys named like object internals', async () => {
      const res = await batch({ keys: ['__proto__', 'constructor', 'uploads/image/a.png'] }).expect(200);
      expect(JSON.parse(res.text).data['uploads/image/a.png']).to.deep.equal({ url: '/uploads/image/a.png', expiresAt: null });
      expect(res.text).not.to.include('"url":"/__proto__"');
    });

    it('takes 100 keys', async () => {
      const keys = Array.from({ length: 100 }, (_, n) => `uploads/image/k${n}.png`);
      const res = await batch({ keys, expiresIn: 60 }).expect(200);
      expect(Object.keys(res.body.data)).to.have.length(100);
    });

    for (const [rule, body] of [
      ['more than 100 keys', { keys: Array.from({ length: 101 }, (_, n) => `uploads/image/k${n}.png`) }],
      ['no keys field', {}],
      ['keys that are not strings', { keys: [1, 2] }],
      ['an expiresIn below 1', { keys: ['uploads/image/a.png'], expiresIn: 0 }],
      ['a fractional expiresIn', { keys: ['uploads/image/a.png'], expiresIn: 2.5 }],
    ] as const) {
      it(`refuses ${rule} with 400 VALIDATION_ERROR`, async () => {
        const res = await batch(body).expect(400);
        expect(res.body.errorCode).to.equal('VALIDATION_ERROR');
      });
    }
  });
});
