import { expect } from 'chai';
import type { Infrastructure } from '@platform/runtime';
import {
  adminToken,
  buildTestApp,
  closeTestInfrastructure,
  isolatedInfrastructure,
  pdfBytes,
  s3StorageEnv,
  startS3Server,
  TestApp,
  TestS3Server,
} from '@platform/testing';
import { createAdminApi } from '../admin-api';

/** Signed URLs with the S3 driver: private keys are signed for `expiresIn`, public ones are direct. */
describe('Admin signed URLs, S3 driver (admin-api)', () => {
  let s3: TestS3Server;
  let infra: Infrastructure;
  let api: TestApp;
  let auth: string;
  let privateKey: string;

  before(async () => {
    s3 = await startS3Server();
    infra = await isolatedInfrastructure('admin-signed-urls-s3', s3StorageEnv(s3));
    api = await buildTestApp(createAdminApi, infra);
    auth = `Bearer ${adminToken(api.app.container, [])}`;
    const uploaded = await api.http
      .post('/api/upload?uploadType=file')
      .set('Authorization', auth)
      .attach('file', pdfBytes(), { filename: 'a.pdf', contentType: 'application/pdf' })
      .expect(200);
    privateKey = uploaded.body.data.relativePath;
  });

  after(async () => {
    await closeTestInfrastructure(infra);
    await s3.stop();
  });

  it('signs a private key for expiresIn seconds: message "Signed URL generated", a working URL, its expiry', async () => {
    const before = Date.now();
    const res = await api.http.get(`/api/upload/signed-url/${privateKey}?expiresIn=120`).set('Authorization', auth).expect(200);
    expect(res.body.message).to.equal('Signed URL generated');
    const { url, expiresAt } = res.body.data;
    expect(new URL(url).searchParams.get('X-Amz-Expires')).to.equal('120');
    expect(expiresAt).to.be.within(before - 1_000 + 120_000, Date.now() + 120_000);
    const fetched = await fetch(url);
    expect(fetched.status).to.equal(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdfBytes())).to.equal(true);
  });

  it('gives a public key its direct URL with expiresAt null and message "Local URL resolved"', async () => {
    const res = await api.http.get('/api/upload/signed-url/public/avatar/2025/01/x.png?expiresIn=120').set('Authorization', auth).expect(200);
    expect(res.body).to.deep.equal({
      message: 'Local URL resolved',
      data: { url: `${s3.endpoint}/${s3.bucket}/public/avatar/2025/01/x.png`, expiresAt: null },
    });
  });

  it('signs every private key of a batch, maps public ones to direct URLs and bad keys to null', async () => {
    const res = await api.http
      .post('/api/upload/signed-urls')
      .set('Authorization', auth)
      .send({ keys: [privateKey, 'public/landing/hero.png', 'nope/x.png'], expiresIn: 300 })
      .expect(200);
    const data = res.body.data;
    expect(new URL(data[privateKey].url).searchParams.get('X-Amz-Expires')).to.equal('300');
    expect(data[privateKey].expiresAt).to.be.a('number');
    expect(data['public/landing/hero.png']).to.deep.equal({ url: `${s3.endpoint}/${s3.bucket}/public/landing/hero.png`, expiresAt: null });
    expect(data['nope/x.png']).to.equal(null);
    expect((await fetch(data[privateKey].url)).status).to.equal(200);
  });
});
