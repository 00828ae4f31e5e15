import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { CourseModel } from '@platform/db';
import { PutOptions, Storage } from '@platform/storage';
import { createCourse, mp4Bytes, testContainer } from '@platform/testing';
import { DomainError } from '../../../shared';
import type { UploadedFileInput } from '../../../uploads';
import { UploadCourseTrailerUseCase } from './upload-course-trailer.use-case';

/** learning-commerce.md, "Training trailers": if saving the key fails after the upload, the new object is deleted. */
describe(UploadCourseTrailerUseCase.name, () => {
  let container: ContainerInstance;
  let storage: Storage;
  let file: UploadedFileInput;
  const stored: string[] = [];
  let afterPut: () => Promise<void> = async () => undefined;

  before(async () => {
    container = await testContainer('trailer-spec');
    storage = container.get(Storage);
    // The real storage, with a hook after each write: the moment between upload and save.
    const hooked = Object.create(storage) as Storage;
    hooked.put = async (key: string, body: Readable, options: PutOptions) => {
      await storage.put(key, body, options);
      stored.push(key);
      await afterPut();
    };
    container.set(Storage, hooked);
    const dir = await mkdtemp(join(tmpdir(), 'trailer-spec-'));
    file = { path: join(dir, 'upload'), originalName: 'trailer.mp4', mimeType: 'video/mp4', size: mp4Bytes().length };
    await writeFile(file.path, mp4Bytes());
  });

  it('deletes the new object when the course cannot be saved after the upload', async () => {
    const { course } = await createCourse({ trailerRef: 'public/trailer/2024/01/old.mp4' });
    afterPut = async () => {
      await CourseModel.destroy({ where: { id: course.id } });
    };
    const error = await container.get(UploadCourseTrailerUseCase).execute(course.id, file).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal('NOT_FOUND');
    const newKey = stored[stored.length - 1];
    expect(newKey).to.match(/^public\/trailer\//);
    expect(await storage.exists(newKey)).to.equal(false);
  });

  it('keeps the new object and points the course at it when the save succeeds', async () => {
    const { course } = await createCourse();
    afterPut = async () => undefined;
    const view = await container.get(UploadCourseTrailerUseCase).execute(course.id, file);
    expect(await storage.exists(view.trailerRef as string)).to.equal(true);
    expect((await CourseModel.findByPk(course.id))?.trailerRef).to.equal(view.trailerRef);
  });
});
