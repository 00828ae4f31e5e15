import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalStorageDriver } from './local-storage.driver';
import { InvalidStorageKeyError, StorageObjectNotFoundError, StorageUnavailableError } from './storage.errors';

describe(LocalStorageDriver.name, () => {
  let root: string;
  let driver: LocalStorageDriver;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'local-storage-'));
    driver = new LocalStorageDriver(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores a key at STORAGE_LOCAL_ROOT/<key> and opens it with its length', async () => {
    await driver.put('uploads/file/notes.csv', Readable.from(['a,b\n', '1,2\n']), { contentType: 'text/csv' });
    expect(await readFile(join(root, 'uploads/file/notes.csv'), 'utf8')).to.equal('a,b\n1,2\n');
    const opened = await driver.open('uploads/file/notes.csv');
    expect(opened.contentLength).to.equal(8);
    expect(await text(opened.stream)).to.equal('a,b\n1,2\n');
  });

  it('replaces an existing object', async () => {
    await driver.put('public/avatar/me.png', Readable.from(['old']), { contentType: 'image/png' });
    await driver.put('public/avatar/me.png', Readable.from(['new']), { contentType: 'image/png' });
    expect(await text((await driver.open('public/avatar/me.png')).stream)).to.equal('new');
  });

  it('tells whether a key exists', async () => {
    await driver.put('uploads/image/a.png', Readable.from(['x']), { contentType: 'image/png' });
    expect(await driver.exists('uploads/image/a.png')).to.equal(true);
    expect(await driver.exists('uploads/image/b.png')).to.equal(false);
    expect(await driver.exists('uploads/image')).to.equal(false); // a directory is not an object
  });

  it('tells an object\'s stored size without reading it, and null where nothing is stored', async () => {
    await driver.put('uploads/file/report.pdf', Readable.from([Buffer.alloc(1234, 7)]), { contentType: 'application/pdf' });
    await driver.put('uploads/file/empty.txt', Readable.from([Buffer.alloc(0)]), { contentType: 'text/plain' });
    expect(await driver.stat('uploads/file/report.pdf')).to.deep.equal({ size: 1234 });
    expect(await driver.stat('uploads/file/empty.txt')).to.deep.equal({ size: 0 });
    for (const key of ['uploads/file/missing.pdf', 'uploads/file', 'uploads/file/report.pdf/inner.pdf']) {
      expect(await driver.stat(key), key).to.equal(null); // a directory, or a path through a file, is no object
    }
  });

  it('deletes a key, and deleting a missing key succeeds', async () => {
    await driver.put('uploads/image/a.png', Readable.from(['x']), { contentType: 'image/png' });
    await driver.delete('uploads/image/a.png');
    expect(await driver.exists('uploads/image/a.png')).to.equal(false);
    await driver.delete('uploads/image/a.png');
  });

  it('fails to open a missing key with StorageObjectNotFoundError', async () => {
    await driver.put('uploads/image/a.png', Readable.from(['x']), { contentType: 'image/png' });
    for (const key of ['uploads/image/missing.png', 'uploads/image', 'uploads/image/a.png/b.png']) {
      expect(await driver.open(key).catch((caught: unknown) => caught), key).to.be.instanceOf(StorageObjectNotFoundError);
    }
  });

  it('leaves no file, partial or whole, when the body fails mid-upload', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('client went away');
    }
    const error = await driver
      .put('uploads/video/lesson.mp4', Readable.from(failing()), { contentType: 'video/mp4' })
      .catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(StorageUnavailableError);
    expect(await driver.exists('uploads/video/lesson.mp4')).to.equal(false);
    expect(await readdir(join(root, 'uploads/video'))).to.deep.equal([]);
  });

  it('keeps the old object when a replacing upload fails', async () => {
    await driver.put('public/trailer/t.mp4', Readable.from(['first']), { contentType: 'video/mp4' });
    const failing = new Readable({ read: () => failing.destroy(new Error('broken')) });
    await driver.put('public/trailer/t.mp4', failing, { contentType: 'video/mp4' }).catch(() => undefined);
    expect(await text((await driver.open('public/trailer/t.mp4')).stream)).to.equal('first');
  });

  it('refuses a key that would leave the root with InvalidStorageKeyError, for every operation', async () => {
    for (const key of ['../outside.txt', 'uploads/../../outside.txt', '', '.']) {
      const attempts = [
        driver.put(key, Readable.from(['x']), { contentType: 'text/plain' }),
        driver.open(key),
        driver.delete(key),
        driver.exists(key),
        driver.stat(key),
      ];
      for (const attempt of attempts) {
        expect(await attempt.catch((caught: unknown) => caught), JSON.stringify(key)).to.be.instanceOf(InvalidStorageKeyError);
      }
    }
    expect(await readdir(join(root, '..'))).not.to.include('outside.txt');
  });

  it('refuses a key Node cannot use as a path (a NUL byte, not a string) with InvalidStorageKeyError, for every operation', async () => {
    for (const key of ['uploads/image/a\x00b.png', undefined as unknown as string, 42 as unknown as string]) {
      const attempts = [
        () => driver.put(key, Readable.from(['x']), { contentType: 'image/png' }),
        () => driver.open(key),
        () => driver.delete(key),
        () => driver.exists(key),
        () => driver.stat(key),
      ];
      for (const attempt of attempts) {
        expect(await attempt().catch((caught: unknown) => caught), String(key)).to.be.instanceOf(InvalidStorageKeyError);
      }
    }
  });

  it('keeps an absolute-looking key inside the root', async () => {
    await driver.put('/uploads/file/a.txt', Readable.from(['x']), { contentType: 'text/plain' });
    expect(await readFile(join(root, 'uploads/file/a.txt'), 'utf8')).to.equal('x');
  });
});
