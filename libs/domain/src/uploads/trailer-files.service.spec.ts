import { Readable } from 'node:stream';
import { expect } from 'chai';
import { Storage } from '@platform/storage';
import { testContainer } from '@platform/testing';
import { DomainError } from '../shared';
import { TrailerFiles } from './trailer-files.service';
import type { UploadStore } from './upload-store.service';
import type { UploadedFileInput } from './uploaded-file';

/** learning-commerce.md, "Course trailers", rule 4: only managed trailer objects are deleted. */
describe(TrailerFiles.name, () => {
  let storage: Storage;
  let trailers: TrailerFiles;

  before(async () => {
    const container = await testContainer('trailer-files-spec');
    storage = container.get(Storage);
    trailers = container.get(TrailerFiles);
  });

  const put = (key: string) => storage.put(key, Readable.from(['bytes']), { contentType: 'video/mp4' });

  it('deletes a replaced managed trailer', async () => {
    await put('public/trailer/2025/01/replaced.mp4');
    await trailers.discardReplaced('public/trailer/2025/01/replaced.mp4', 'public/trailer/2025/01/new.mp4');
    expect(await storage.exists('public/trailer/2025/01/replaced.mp4')).to.equal(false);
  });

  it('never deletes what a public/trailer/ ref with .. segments points at', async () => {
    await put('uploads/video/lesson.mp4');
    await trailers.discardReplaced('public/trailer/../../uploads/video/lesson.mp4', null);
    expect(await storage.exists('uploads/video/lesson.mp4')).to.equal(true);
  });
});

/**
 * The order of work of a managed trailer change, once for courses and trainings (learning-commerce.md
 * "Course trailers", "Training trailers"): store, point the owner at the new key, delete the new
 * object again when pointing fails, then delete the replaced object only when it is managed.
 */
describe(`${TrailerFiles.name} replace and clear`, () => {
  const NEW_KEY = 'public/trailer/2025/02/new.mp4';
  const MANAGED = 'public/trailer/2025/01/old.mp4';
  const file: UploadedFileInput = { path: '/tmp/unused', originalName: 'trailer.mp4', mimeType: 'video/mp4', size: 10 };
  let steps: string[];
  let trailers: TrailerFiles;

  beforeEach(() => {
    steps = [];
    const uploads = {
      inspect: async () => {
        steps.push('inspect');
        return { mimeType: 'video/mp4', extension: 'mp4' };
      },
      put: async () => {
        steps.push('store');
        return NEW_KEY;
      },
      deleteQuietly: async (key: string) => {
        steps.push(`delete ${key}`);
      },
    };
    trailers = new TrailerFiles(uploads as unknown as UploadStore);
  });

  const pointFrom = (previousRef: string | null) => async (key: string) => {
    steps.push(`point ${key}`);
    return { previousRef, extra: 'kept' };
  };
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected an error'), (error: unknown) => error as Error);

  it('stores, points the owner at the new key, then deletes the replaced managed trailer', async () => {
    const result = await trailers.replace(file, pointFrom(MANAGED));
    expect(result).to.deep.equal({ previousRef: MANAGED, extra: 'kept', key: NEW_KEY });
    expect(steps).to.deep.equal(['inspect', 'store', `point ${NEW_KEY}`, `delete ${MANAGED}`]);
  });

  for (const [label, previousRef] of [
    ['a legacy public/ ref', 'public/legacy-trailers/a.mp4'],
    ['a legacy relative key', 'videos/trailers/a.mp4'],
    ['an http(s) URL', 'https://cdn.example.com/a.mp4'],
    ['a public/trailer/ ref with .. segments', 'public/trailer/../../uploads/video/a.mp4'],
    ['no previous trailer', null],
    ['the new key itself', NEW_KEY],
  ] as const) {
    it(`deletes nothing it replaced when that was ${label}`, async () => {
      await trailers.replace(file, pointFrom(previousRef));
      expect(steps).to.deep.equal(['inspect', 'store', `point ${NEW_KEY}`]);
    });
  }

  it('deletes the new object and rethrows when pointing the owner fails, leaving the old trailer alone', async () => {
    const saveFailed = new Error('save failed');
    const error = await failure(
      trailers.replace(file, async (key) => {
        steps.push(`point ${key}`);
        throw saveFailed;
      }),
    );
    expect(error).to.equal(saveFailed);
    expect(steps).to.deep.equal(['inspect', 'store', `point ${NEW_KEY}`, `delete ${NEW_KEY}`]);
  });

  it('neither stores nor points without a file (400) or for a file that is not an MP4 (415)', async () => {
    const point = pointFrom(MANAGED);
    expect(((await failure(trailers.replace(undefined, point))) as DomainError).code).to.equal('VALIDATION_ERROR');
    const mov = { ...file, originalName: 'trailer.mov' };
    expect(((await failure(trailers.replace(mov, point))) as DomainError).code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    const quicktime = { ...file, mimeType: 'video/quicktime' };
    expect(((await failure(trailers.replace(quicktime, point))) as DomainError).code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(steps).to.deep.equal([]);
  });

  it('clears first, then deletes the cleared trailer only when it was managed', async () => {
    await trailers.clear(async () => {
      steps.push('clear');
      return MANAGED;
    });
    expect(steps).to.deep.equal(['clear', `delete ${MANAGED}`]);
    steps = [];
    for (const previousRef of ['videos/trailers/a.mp4', 'public/trailer/../x.mp4', null]) {
      await trailers.clear(async () => previousRef);
    }
    expect(steps).to.deep.equal([]);
  });

  it('deletes nothing when clearing fails', async () => {
    const clearFailed = new Error('clear failed');
    expect(await failure(trailers.clear(async () => Promise.reject(clearFailed)))).to.equal(clearFailed);
    expect(steps).to.deep.equal([]);
  });
});
