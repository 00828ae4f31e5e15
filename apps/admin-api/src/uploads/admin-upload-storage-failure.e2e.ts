import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  isolatedInfrastructure,
  pngBytes,
  s3StorageEnv,
  startS3Server,
  TestApp,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** community-content-uploads.md, "Errors": a remote storage upload, signing or download failure is 502. */
describe('Admin uploads when S3 fails (admin-api)', () => {
  const infras: Infrastructure[] = [];
  after(() => Promise.all(infras.map(closeTestInfrastructure)));

  const appOn = async (env: Record<string, string>) => {
    const infra = await isolatedInfrastructure('admin-uploads-s3-down', env);
    infras.push(infra);
    const api = await buildTestApp(createAdminApi, infra);
    return { api, auth: `Bearer ${adminToken(api.app.container, [])}` };
  };

  describe('with the S3 server stopped', () => {
    let api: TestApp;
    let auth: string;
    let storedKey: string;

    before(async () => {
      const s3 = await startS3Server();
      ({ api, auth } = await appOn(s3StorageEnv(s3)));
      const uploaded = await api.http
        .post('/api/upload')
        .set('Authorization', auth)
        .attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
        .expect(200);
      storedKey = uploaded.body.data.relativePath;
      await s3.stop();
    });

    it('answers an upload with 502 STORAGE_ERROR', async () => {
      const res = await api.http
        .post('/api/upload')
        .set('Authorization', auth)
        .attach('file', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
        .expect(502);
      expect(res.body).to.deep.equal({ message: 'Storage is unavailable, please try again later', errorCode: 'STORAGE_ERROR' });
    });

    it('answers a multiple upload with 502 STORAGE_ERROR', async () => {
      const res = await api.http
        .post('/api/upload/multiple')
        .set('Authorization', auth)
        .attach('files', pngBytes(), { filename: 'a.png', contentType: 'image/png' })
        .attach('files', pngBytes(), { filename: 'b.png', contentType: 'image/png' })
        .expect(502);
      expect(res.body.errorCode).to.equal('STORAGE_ERROR');
    });

    it('answers a file download with 502 STORAGE_ERROR before any header of the file', async () => {
      const res = await api.http.get(`/api/upload/file/${storedKey}`).set('Authorization', auth).expect(502);
      expect(res.body.errorCode).to.equal('STORAGE_ERROR');
      expect(res.headers['content-disposition']).to.equal(undefined);
    });
  });

  describe('when URLs cannot be signed (no credentials)', () => {
    let api: TestApp;
    let auth: string;
    // Without S3 keys the SDK looks for credentials in the environment, files and instance
    // metadata; none of them may answer here, on a developer's machine or in the cloud.
    const NO_CREDENTIALS = {
      AWS_ACCESS_KEY_ID: undefined,
      AWS_SECRET_ACCESS_KEY: undefined,
      AWS_PROFILE: undefined,
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials',
      AWS_CONFIG_FILE: '/nonexistent/config',
      AWS_EC2_METADATA_DISABLED: 'true',
    };
    const saved = Object.fromEntries(Object.keys(NO_CREDENTIALS).map((name) => [name, process.env[name]]));
    const setEnv = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };

    before(async () => {
      setEnv(NO_CREDENTIALS);
      const s3 = await startS3Server();
      await s3.stop();
      ({ api, auth } = await appOn(s3StorageEnv(s3, { S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' })));
    });

    after(() => setEnv(saved));

    it('answers the signed-url route with 502 STORAGE_ERROR', async () => {
      const res = await api.http.get('/api/upload/signed-url/uploads/image/a.png').set('Authorization', auth).expect(502);
      expect(res.body.errorCode).to.equal('STORAGE_ERROR');
    });

    it('maps the unsignable keys of a batch to null and still resolves public ones', async () => {
      const res = await api.http
        .post('/api/upload/signed-urls')
        .set('Authorization', auth)
        .send({ keys: ['uploads/image/a.png', 'public/avatar/b.png'] })
        .expect(200);
      expect(res.body.data['uploads/image/a.png']).to.equal(null);
      expect(res.body.data['public/avatar/b.png'].expiresAt).to.equal(null);
    });
  });
});
