import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { PutOptions, Storage } from '@platform/storage';
import { mp4Bytes, testContainer } from '@platform/testing';
import type { DomainError } from '../../../../shared';
import type { UploadedFileInput } from '../../../../uploads';
import { UploadTrainingTrailerUseCase } from './upload-training-trailer.use-case';

/**
 * What is the training's own in an upload (TrailerFiles.replace, unit-tested in uploads, does the
 * rest): an unknown training is 404 TRAINING_NOT_FOUND before anything reaches storage.
 */
describe(UploadTrainingTrailerUseCase.name, () => {
  let container: ContainerInstance;
  let file: UploadedFileInput;
  const stored: string[] = [];

  before(async () => {
    container = await testContainer('training-trailer-spec');
    const storage = container.get(Storage);
    // The real storage, recording each write.
    const recording = Object.create(storage) as Storage;
    recording.put = async (key: string, body: Readable, options: PutOptions) => {
      stored.push(key);
      await storage.put(key, body, options);
    };
    container.set(Storage, recording);
    const dir = await mkdtemp(join(tmpdir(), 'training-trailer-spec-'));
    file = { path: join(dir, 'upload'), originalName: 'trailer.mp4', mimeType: 'video/mp4', size: mp4Bytes().length };
    await writeFile(file.path, mp4Bytes());
  });

  it('stores nothing for an unknown training (404 TRAINING_NOT_FOUND before the upload)', async () => {
    const error = await container.get(UploadTrainingTrailerUseCase).execute(2_000_000_000, file).then(
      () => expect.fail('expected TRAINING_NOT_FOUND'),
      (failure: unknown) => failure as DomainError,
    );
    expect(error.code).to.equal('TRAINING_NOT_FOUND');
    expect(stored).to.deep.equal([]);
  });
});
