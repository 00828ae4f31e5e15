import express from 'express';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import { listen } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import { createStorage } from '@platform/storage';
import { startS3Server } from '@platform/testing';
import type { RunningApp } from './apps';
import type { Cleanup } from './cleanup';

/** What the signed-URL scenario runs against: its own admin-api on the S3 driver, and its baseline. */
export interface SigningTargets {
  /** `s3` when s3rver started in this process; `local` otherwise (URLs are then `/<key>`, nothing is signed). */
  driver: 's3' | 'local';
  adminApi: RunningApp;
  /** Bare express + the AWS presigner (or, local, a bare map of `/<key>`) answering the same body. */
  baselineUrl: string;
  /** 100 private keys (`uploads/image/...`): each needs a signature under S3. */
  keys: string[];
}

const KEY_COUNT = 100;
const EXPIRES_IN = 600;

/**
 * POST /api/upload/signed-urls with 100 private keys, signed for real: s3rver (as in the tests)
 * stands in for S3, and a second admin-api in this process runs on the S3 driver over the same
 * database and Redis, so the other scenarios keep the bench's configuration. If s3rver cannot
 * start, the scenario falls back to the local driver and says so in its description.
 */
export async function startSigningTargets(infra: Infrastructure, cleanup: Cleanup): Promise<SigningTargets> {
  const keys = Array.from({ length: KEY_COUNT }, (_, n) => `uploads/image/bench/${String(n).padStart(3, '0')}.png`);
  let driver: SigningTargets['driver'] = 'local';
  let storage = infra.config.storage;
  try {
    const s3 = await startS3Server('platform-bench');
    cleanup.add('stop s3rver', () => s3.stop());
    storage = {
      ...storage,
      driver: 's3',
      s3: { ...storage.s3, endpoint: s3.endpoint, bucket: s3.bucket, forcePathStyle: true, ...s3.credentials, publicBaseUrl: undefined },
    };
    driver = 's3';
  } catch (error) {
    process.stderr.write(`bench: s3rver did not start (${(error as Error).message}); signing with the local driver\n`);
  }

  // Apps take their Storage from the infrastructure (one client per process), not from config:
  // overriding only the config would leave this app on the bench's own (local) driver.
  const signingStorage = createStorage(storage);
  cleanup.add('close the S3 storage client', () => signingStorage.close());
  const app = createAdminApi({ ...infra, config: { ...infra.config, storage }, storage: signingStorage });
  const server = await listen(app.express, 0);
  cleanup.add('stop admin-api (S3 driver)', () => server.close(1_000));

  const baseline = await listen(signingBaseline(storage), 0);
  cleanup.add('stop the signing baseline', () => baseline.close(1_000));
  return {
    driver,
    adminApi: { name: `admin-api (${driver} driver)`, app, baseUrl: `http://127.0.0.1:${server.port}` },
    baselineUrl: `http://127.0.0.1:${baseline.port}/signed-urls`,
    keys,
  };
}

export const signedUrlsBody = (keys: string[]) => JSON.stringify({ keys, expiresIn: EXPIRES_IN });

/**
 * The same work without the app stack: express.json, then one presigned GET per key with an
 * S3Client of the same settings (or `/<key>` for the local driver), answered as a JSON map.
 */
function signingBaseline(storage: Infrastructure['config']['storage']) {
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  const { endpoint, region, forcePathStyle, bucket, accessKeyId, secretAccessKey } = storage.s3;
  const client =
    storage.driver === 's3'
      ? new S3Client({ endpoint, region, forcePathStyle, credentials: { accessKeyId: accessKeyId ?? '', secretAccessKey: secretAccessKey ?? '' } })
      : undefined;
  app.post('/signed-urls', async (req, res, next) => {
    try {
      const { keys, expiresIn } = req.body as { keys: string[]; expiresIn: number };
      const entries = await Promise.all(
        keys.map(async (key) => {
          if (!client) return [key, { url: `/${key}`, expiresAt: null }] as const;
          const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
          return [key, { url, expiresAt: Date.now() + expiresIn * 1000 }] as const;
        }),
      );
      res.json({ message: 'Signed URLs generated', data: Object.fromEntries(entries) });
    } catch (error) {
      next(error);
    }
  });
  return app;
}
