import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { inspect } from 'node:util';
import { startS3Server, TestS3Server } from '@platform/testing';
import { createStorage } from './create-storage';
import { S3_PART_SIZE, S3StorageDriver } from './s3-storage.driver';
import { StorageObjectNotFoundError, StorageUnavailableError } from './storage.errors';

const MiB = 1024 * 1024;

function driverFor(server: TestS3Server): S3StorageDriver {
  return new S3StorageDriver({ endpoint: server.endpoint, bucket: server.bucket, region: 'us-east-1', forcePathStyle: true, ...server.credentials });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => expect.fail('expected a failure'), (error: unknown) => error);
}

describe(S3StorageDriver.name, () => {
  let server: TestS3Server;
  let driver: S3StorageDriver;

  before(async () => {
    server = await startS3Server();
    driver = driverFor(server);
  });
  after(async () => {
    driver.close();
    await server.stop();
  });

  it('puts a streamed body and opens it with its length and content type', async () => {
    await driver.put('uploads/file/prices.csv', Readable.from(['symbol,price\n', 'NABIL,512\n']), { contentType: 'text/csv' });
    const opened = await driver.open('uploads/file/prices.csv');
    expect(opened.contentLength).to.equal(23);
    expect(opened.contentType).to.equal('text/csv');
    expect(await text(opened.stream)).to.equal('symbol,price\nNABIL,512\n');
  });

  it('tells whether a key exists (HEAD)', async () => {
    await driver.put('public/avatar/me.png', Readable.from([Buffer.from('png')]), { contentType: 'image/png', contentLength: 3 });
    expect(await driver.exists('public/avatar/me.png')).to.equal(true);
    expect(await driver.exists('public/avatar/nobody.png')).to.equal(false);
  });

  it('tells an object\'s stored size with one HEAD, and null where nothing is stored', async () => {
    await driver.put('uploads/file/report.pdf', Readable.from([Buffer.alloc(1234, 7)]), { contentType: 'application/pdf' });
    const before = server.requests.length;
    expect(await driver.stat('uploads/file/report.pdf')).to.deep.equal({ size: 1234 });
    expect(await driver.stat('uploads/file/missing.pdf')).to.equal(null);
    expect(server.requests.slice(before)).to.deep.equal([
      `HEAD /${server.bucket}/uploads/file/report.pdf`,
      `HEAD /${server.bucket}/uploads/file/missing.pdf`,
    ]);
  });

  it('deletes a key, and deleting a missing key succeeds', async () => {
    await driver.put('uploads/image/a.png', Readable.from(['x']), { contentType: 'image/png' });
    await driver.delete('uploads/image/a.png');
    expect(await driver.exists('uploads/image/a.png')).to.equal(false);
    await driver.delete('uploads/image/a.png');
  });

  it('fails to open a missing key with StorageObjectNotFoundError', async () => {
    const error = await failure(driver.open('uploads/image/missing.png'));
    expect(error).to.be.instanceOf(StorageObjectNotFoundError);
    expect((error as StorageObjectNotFoundError).key).to.equal('uploads/image/missing.png');
  });

  it('streams a 20 MiB body from a generator in 8 MiB parts, and the bytes round-trip', async () => {
    const sent = createHash('sha256');
    async function* video() {
      for (let mebibyte = 0; mebibyte < 20; mebibyte++) {
        const chunk = Buffer.alloc(MiB, mebibyte);
        sent.update(chunk);
        yield chunk;
      }
    }
    const before = server.requests.length;
    await driver.put('public/trailer/big.mp4', Readable.from(video()), { contentType: 'video/mp4' });

    const parts = server.requests.slice(before).filter((request) => /^PUT .*[?&]partNumber=/.test(request));
    expect(parts).to.have.length(Math.ceil((20 * MiB) / S3_PART_SIZE));
    const opened = await driver.open('public/trailer/big.mp4');
    expect(opened.contentLength).to.equal(20 * MiB);
    expect(opened.contentType).to.equal('video/mp4');
    const received = createHash('sha256');
    for await (const chunk of opened.stream) received.update(chunk as Buffer);
    expect(received.digest('hex')).to.equal(sent.digest('hex'));
  });

  it('reads a large body only as fast as parts go out: never more than about three parts ahead', async () => {
    const partsSent = () => server.requests.filter((request) => request.startsWith(`PUT /${server.bucket}/public/trailer/long.mp4?`)).length;
    let produced = 0;
    let largestLead = 0;
    async function* longVideo() {
      for (let mebibyte = 0; mebibyte < 64; mebibyte++) {
        largestLead = Math.max(largestLead, produced - partsSent() * S3_PART_SIZE);
        produced += MiB;
        yield Buffer.alloc(MiB, mebibyte);
      }
    }
    // highWaterMark 1: the test's own stream buffers one chunk, as a file stream buffers 64 KiB.
    await driver.put('public/trailer/long.mp4', Readable.from(longVideo(), { highWaterMark: 1 }), { contentType: 'video/mp4' });
    expect(produced).to.equal(64 * MiB);
    expect(largestLead).to.be.at.most(3 * S3_PART_SIZE + 2 * MiB);
  });

  it('stores nothing when the body fails part-way through a multipart upload', async () => {
    async function* brokenVideo() {
      for (let mebibyte = 0; mebibyte < 10; mebibyte++) yield Buffer.alloc(MiB, mebibyte);
      throw new Error('client went away');
    }
    const before = server.requests.length;
    const error = await failure(driver.put('uploads/video/broken.mp4', Readable.from(brokenVideo()), { contentType: 'video/mp4' }));
    expect(error).to.be.instanceOf(StorageUnavailableError);
    expect((error as StorageUnavailableError).cause).to.have.property('message', 'client went away');
    expect(await driver.exists('uploads/video/broken.mp4')).to.equal(false);
    // A multipart upload that is never completed leaves no object, but its parts stay stored (and
    // billed) until it is aborted: the driver must abort it, not just give up.
    const requests = server.requests.slice(before);
    const created = requests.filter((request) => /^POST \/[^?]+\/uploads\/video\/broken\.mp4\?uploads\b/.test(request));
    const aborted = requests.filter((request) => /^DELETE \/[^?]+\/uploads\/video\/broken\.mp4\?(.*&)?uploadId=[0-9a-f]+/.test(request));
    expect(created, requests.join('\n')).to.have.length(1);
    expect(aborted, requests.join('\n')).to.have.length(1);
  });

  it('is the driver createStorage builds for STORAGE_DRIVER=s3', async () => {
    const s3 = { endpoint: server.endpoint, bucket: server.bucket, region: 'us-east-1', forcePathStyle: true, ...server.credentials };
    const storage = createStorage({ driver: 's3', localRoot: 'unused', s3, signedUrlExpiresSeconds: 60 });
    expect(storage.driver).to.be.instanceOf(S3StorageDriver);
    await storage.put('uploads/file/via-facade.txt', Readable.from(['ok']), { contentType: 'text/plain' });
    expect(await text((await storage.open('uploads/file/via-facade.txt')).stream)).to.equal('ok');
    (storage.driver as S3StorageDriver).close();
  });

  describe('when the store is down', () => {
    let downDriver: S3StorageDriver;

    before(async () => {
      const stopped = await startS3Server();
      downDriver = driverFor(stopped);
      await stopped.stop();
    });
    after(() => downDriver.close());

    const operations: Array<[string, (d: S3StorageDriver) => Promise<unknown>]> = [
      ['put', (d) => d.put('uploads/file/a.txt', Readable.from(['x']), { contentType: 'text/plain' })],
      ['open', (d) => d.open('uploads/file/a.txt')],
      ['exists', (d) => d.exists('uploads/file/a.txt')],
      ['stat', (d) => d.stat('uploads/file/a.txt')],
      ['delete', (d) => d.delete('uploads/file/a.txt')],
    ];
    for (const [name, operation] of operations) {
      it(`${name} fails with StorageUnavailableError`, async () => {
        expect(await failure(operation(downDriver))).to.be.instanceOf(StorageUnavailableError);
      });
    }
  });

  it('keeps the credentials out of its errors', async () => {
    const stopped = await startS3Server();
    const secret = 'very-secret-access-key-123';
    const leaky = new S3StorageDriver({ endpoint: stopped.endpoint, bucket: stopped.bucket, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: secret });
    await stopped.stop();
    const error = (await failure(leaky.open('uploads/file/a.txt'))) as StorageUnavailableError;
    leaky.close();
    // What a logger would print of the error, and of the driver itself.
    expect(inspect(error, { depth: 20 })).not.to.include(secret);
    expect(JSON.stringify(error)).not.to.include(secret);
    expect(inspect(leaky, { depth: 20 })).not.to.include(secret);
  });
});
