import { Readable } from 'node:stream';
import { expect } from 'chai';
import { Storage } from '@platform/storage';
import { testContainer } from '@platform/testing';
import { TrailerFiles } from './trailer-files.service';

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
