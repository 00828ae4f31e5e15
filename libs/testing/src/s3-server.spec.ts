import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { expect } from 'chai';
import { startS3Server, TestS3Server } from './s3-server';

/** The test S3 server refuses presigned URLs as S3 does, expiry included. */
describe(startS3Server.name, () => {
  let server: TestS3Server;
  let client: S3Client;
  let clockOffsetMs = 0;

  before(async () => {
    server = await startS3Server('s3-server-spec', { now: () => Date.now() + clockOffsetMs });
    client = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: server.credentials });
    await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'uploads/file/a.txt', Body: 'private bytes' }));
  });
  beforeEach(() => (clockOffsetMs = 0));
  after(async () => {
    client.destroy();
    await server.stop();
  });

  const presign = (expiresIn: number, signingDate?: Date) =>
    getSignedUrl(client, new GetObjectCommand({ Bucket: server.bucket, Key: 'uploads/file/a.txt' }), { expiresIn, signingDate });
  /** X-Amz-Date plus X-Amz-Expires, in Unix ms. */
  const expiryOf = (url: string) => {
    const query = new URL(url).searchParams;
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '') ?? [];
    return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) + Number(query.get('X-Amz-Expires')) * 1000;
  };

  it('serves a presigned URL until X-Amz-Date plus X-Amz-Expires', async () => {
    const url = await presign(900);
    expect(await (await fetch(url)).text()).to.equal('private bytes');
    clockOffsetMs = expiryOf(url) - Date.now() - 1_000;
    expect((await fetch(url)).status).to.equal(200);
  });

  it('refuses a presigned URL past its expiry with 403 AccessDenied "Request has expired"', async () => {
    const url = await presign(900);
    clockOffsetMs = expiryOf(url) - Date.now() + 1_000;
    const res = await fetch(url);
    expect(res.status).to.equal(403);
    const body = await res.text();
    expect(body).to.include('<Code>AccessDenied</Code>');
    expect(body).to.include('Request has expired');
  });

  it('refuses a URL signed in the past whose lifetime is over, on the real clock', async () => {
    const url = await presign(60, new Date(Date.now() - 120_000));
    expect((await fetch(url)).status).to.equal(403);
  });

  it('refuses a URL whose X-Amz-Expires was changed (the signature no longer matches)', async () => {
    const url = new URL(await presign(60));
    url.searchParams.set('X-Amz-Expires', '600');
    const res = await fetch(url);
    expect(res.status).to.equal(403);
    expect(await res.text()).to.include('SignatureDoesNotMatch');
  });
});
