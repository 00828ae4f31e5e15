import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { startS3Server, TestS3Server } from '@platform/testing';
import { createStorage, StorageSettings } from './create-storage';
import { S3StorageDriver } from './s3-storage.driver';
import { Storage } from './storage';

const DEFAULT_SECONDS = 900;

/** When a V4-presigned URL stops working: X-Amz-Date plus X-Amz-Expires. */
function signedUrlExpiry(url: string): number {
  const query = new URL(url).searchParams;
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '') ?? [];
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) + Number(query.get('X-Amz-Expires')) * 1000;
}

// community-content-uploads.md, "Upload types" (URL kind, expiresAt) and "URL semantics".
describe(`${Storage.name} URL resolution`, () => {
  describe('with the local driver', () => {
    let root: string;
    let storage: Storage;
    before(async () => {
      root = await mkdtemp(join(tmpdir(), 'storage-urls-'));
      storage = createStorage({
        driver: 'local',
        localRoot: root,
        s3: { bucket: 'unused', region: 'us-east-1', forcePathStyle: true },
        signedUrlExpiresSeconds: DEFAULT_SECONDS,
      });
    });
    after(() => rm(root, { recursive: true, force: true }));

    for (const key of ['public/avatar/a.png', 'uploads/file/report.pdf']) {
      it(`gives /<key> and no expiry for ${key}, even with expiresIn`, async () => {
        expect(await storage.resolveUrl(key)).to.deep.equal({ url: `/${key}`, expiresAt: null });
        expect(await storage.resolveUrl(key, 60)).to.deep.equal({ url: `/${key}`, expiresAt: null });
      });
    }
  });

  describe('with the s3 driver', () => {
    let server: TestS3Server;
    let storage: Storage;
    let settings: StorageSettings;

    before(async () => {
      server = await startS3Server();
      settings = {
        driver: 's3',
        localRoot: 'unused',
        s3: { endpoint: server.endpoint, bucket: server.bucket, region: 'us-east-1', forcePathStyle: true, ...server.credentials },
        signedUrlExpiresSeconds: DEFAULT_SECONDS,
      };
      storage = createStorage(settings);
      await storage.put('public/trailer/t.mp4', Readable.from(['trailer bytes']), { contentType: 'video/mp4' });
      await storage.put('uploads/file/report.pdf', Readable.from(['private bytes']), { contentType: 'application/pdf' });
      await storage.put('uploads/file/other.pdf', Readable.from(['other private bytes']), { contentType: 'application/pdf' });
    });
    after(async () => {
      (storage.driver as S3StorageDriver).close();
      await server.stop();
    });

    it('gives a public key a direct (path-style) URL with no expiry, even with expiresIn', async () => {
      const direct = { url: `${server.endpoint}/${server.bucket}/public/trailer/t.mp4`, expiresAt: null };
      expect(await storage.resolveUrl('public/trailer/t.mp4')).to.deep.equal(direct);
      expect(await storage.resolveUrl('public/trailer/t.mp4', 60)).to.deep.equal(direct);
      // s3rver has no bucket policies, so this shows the URL addresses the object, not that it is public.
      expect(await (await fetch(direct.url)).text()).to.equal('trailer bytes');
    });

    it('gives a private key a signed URL that downloads it, expiring after SIGNED_URL_EXPIRES_SECONDS', async () => {
      const requestedAt = Date.now();
      const { url, expiresAt } = await storage.resolveUrl('uploads/file/report.pdf');
      expect(new URL(url).searchParams.get('X-Amz-Signature')).to.match(/^[0-9a-f]{64}$/);
      expect(expiresAt).to.be.within(requestedAt + DEFAULT_SECONDS * 1000 - 1000, requestedAt + DEFAULT_SECONDS * 1000);
      expect(expiresAt).to.be.at.most(signedUrlExpiry(url));
      const response = await fetch(url);
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal('private bytes');
    });

    it('lets expiresIn override the lifetime of a signed URL', async () => {
      const requestedAt = Date.now();
      const { url, expiresAt } = await storage.resolveUrl('uploads/file/report.pdf', 60);
      expect(expiresAt).to.be.within(requestedAt + 59_000, requestedAt + 60_000);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).to.equal('60');
    });

    it('gives a signed URL that stops working once it expires', async function () {
      this.timeout(10_000);
      const { url, expiresAt } = await storage.resolveUrl('uploads/file/report.pdf', 1);
      expect((await fetch(url)).status).to.equal(200);
      await sleep(Math.max(0, signedUrlExpiry(url) - Date.now()) + 1_100);
      expect(Date.now()).to.be.above(expiresAt as number);
      expect((await fetch(url)).status).to.equal(403);
    });

    it('gives a signature that does not open another key', async () => {
      const { url } = await storage.resolveUrl('uploads/file/report.pdf');
      const forged = url.replace('/uploads/file/report.pdf?', '/uploads/file/other.pdf?');
      expect(forged).not.to.equal(url);
      expect((await fetch(forged)).status).to.equal(403);
    });

    it('gives no working URL when signed with other credentials', async () => {
      const impostor = createStorage({ ...settings, s3: { ...settings.s3, secretAccessKey: 'not-the-secret' } });
      const { url } = await impostor.resolveUrl('uploads/file/report.pdf');
      (impostor.driver as S3StorageDriver).close();
      expect((await fetch(url)).status).to.equal(403);
    });
  });
});
