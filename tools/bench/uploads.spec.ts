import { expect } from 'chai';
import { Storage } from '@platform/storage';
import { adminToken, sharedInfrastructure } from '@platform/testing';
import { Cleanup } from './cleanup';
import { signedUrlsBody, startSigningTargets } from './uploads';

/** The bench's signed-URL scenario must measure what its name says: an admin-api on the S3 driver. */
describe(startSigningTargets.name, () => {
  it('runs the "s3 driver" admin-api on a Storage that signs with the S3 driver', async () => {
    const cleanup = new Cleanup();
    try {
      const targets = await startSigningTargets(await sharedInfrastructure(), cleanup);
      expect(targets.driver).to.equal('s3');
      expect(targets.adminApi.app.container.get(Storage).driver.kind).to.equal('s3');

      const [key] = targets.keys;
      const res = await fetch(`${targets.adminApi.baseUrl}/api/upload/signed-urls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken(targets.adminApi.app.container, [])}`, 'content-type': 'application/json' },
        body: signedUrlsBody([key]),
      });
      expect(res.status).to.equal(200);
      const { data } = (await res.json()) as { data: Record<string, { url: string; expiresAt: number | null }> };
      expect(new URL(data[key].url).searchParams.get('X-Amz-Signature')).to.match(/^[0-9a-f]{64}$/);
      expect(data[key].expiresAt).to.be.a('number');
    } finally {
      await cleanup.run();
    }
  });
});
