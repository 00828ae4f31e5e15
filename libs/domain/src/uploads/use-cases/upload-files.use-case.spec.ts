import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { PutOptions, Storage, StorageUnavailableError } from '@platform/storage';
import { pngBytes, testContainer } from '@platform/testing';
import type { UploadedFileInput } from '../uploaded-file';
import { UploadFilesUseCase } from './upload-files.use-case';

/** community-content-uploads.md, "Errors": a storage or signing failure is 502, and leaves no stored object behind. */
describe(UploadFilesUseCase.name, () => {
  let dir: string;
  let container: ContainerInstance;
  let storage: Storage;
  let stored: string[];
  let failPut: (key: string) => boolean;
  let failSigning: boolean;
  const files: UploadedFileInput[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upload-files-spec-'));
    for (const name of ['a.png', 'b.png']) {
      const path = join(dir, name);
      await writeFile(path, pngBytes());
      files.push({ path, originalName: name, mimeType: 'image/png', size: pngBytes().length });
    }
    container = await testContainer('upload-files-spec');
    storage = container.get(Storage);
    // The real storage, with failures on demand after writes or when signing.
    const hooked = Object.create(storage) as Storage;
    hooked.put = async (key: string, body: Readable, options: PutOptions) => {
      if (failPut(key)) throw new StorageUnavailableError('upload');
      await storage.put(key, body, options);
      stored.push(key);
    };
    hooked.resolveUrl = async (key: string, expiresIn?: number) => {
      if (failSigning) throw new StorageUnavailableError('signing');
      return storage.resolveUrl(key, expiresIn);
    };
    container.set(Storage, hooked);
  });

  beforeEach(() => {
    stored = [];
    failPut = () => false;
    failSigning = false;
  });

  after(() => rm(dir, { recursive: true, force: true }));

  const upload = () => container.get(UploadFilesUseCase).execute({ files, type: 'image' });
  const stillStored = async () => (await Promise.all(stored.map((key) => storage.exists(key)))).filter(Boolean).length;

  it('stores every file and describes each', async () => {
    const results = await upload();
    expect(results.map((result) => result.relativePath)).to.deep.equal(stored);
    expect(await stillStored()).to.equal(2);
  });

  it('deletes the stored objects when their URLs cannot be resolved (signing fails)', async () => {
    failSigning = true;
    const error = await upload().catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(StorageUnavailableError);
    expect(stored).to.have.length(2);
    expect(await stillStored()).to.equal(0);
  });

  it('deletes the files already stored when a later one cannot be stored', async () => {
    failPut = () => stored.length === 1;
    const error = await upload().catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(StorageUnavailableError);
    expect(stored).to.have.length(1);
    expect(await stillStored()).to.equal(0);
  });
});
