import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import { ChannelModel, ChannelPostAttachmentModel, ChannelPostModel, CourseModel, CustomerUploadModel, Database, DigitalBookModel } from '@platform/db';
import { PurgeSoftDeletedChannelsUseCase, StoredKeyReferencesService } from '@platform/domain';
import { Storage } from '@platform/storage';
import { buildTestApp, createChannel, createChannelPost, createCourse, createCustomer, createDigitalBook, createTraining, TestApp } from '@platform/testing';
import { createJobsApp } from '../jobs-app';

const HOUR = 3_600_000;

/**
 * The channel purge deletes only objects nothing else names (issue 21 review): a key a lesson, a
 * book, a course, a training or a customer upload also names stays, as does any key outside the
 * admin's private images and files; a post write holding an attached key makes the purge wait.
 */
describe('channel purge: keys other parts of the platform name (jobs app)', () => {
  let jobs: TestApp;
  let container: ContainerInstance;
  let storage: Storage;

  before(async () => {
    jobs = await buildTestApp(createJobsApp);
    container = jobs.app.container;
    storage = container.get(Storage);
  });

  const purge = () => container.get(PurgeSoftDeletedChannelsUseCase).execute();
  const store = async (prefix = 'uploads/image/purge/', extension = 'png') => {
    const key = `${prefix}${randomBytes(6).toString('hex')}.${extension}`;
    await storage.put(key, Readable.from([Buffer.from('stored bytes')]), { contentType: 'application/octet-stream' });
    return key;
  };
  /** A soft-deleted channel past purge_after with a FILE post attaching `keys`. */
  const dueChannelNaming = async (keys: string[]) => {
    const channel = await createChannel({ status: 'soft_deleted', purgeAfter: new Date(Date.now() - HOUR) });
    await createChannelPost(channel.id, { type: 'FILE', attachments: keys.map((storageKey) => ({ storageKey })) });
    return channel;
  };

  it('keeps an object a customer upload, course, lesson, book or training also names, and deletes one only the channel named', async () => {
    const own = await store();
    const named: Record<string, string> = {};
    const customer = await createCustomer(container);
    named['customer_uploads.storage_key'] = await store();
    await CustomerUploadModel.create({ storageKey: named['customer_uploads.storage_key'], userId: customer.id });
    const course = await createCourse({ lessonsPerTopic: [1] });
    named['courses.thumbnail_ref'] = await store();
    named['courses.trailer_ref'] = await store();
    await CourseModel.update({ thumbnailRef: named['courses.thumbnail_ref'], trailerRef: named['courses.trailer_ref'] }, { where: { id: course.course.id } });
    named['lessons.video_key'] = await store('uploads/file/purge/', 'mp4');
    await course.topics[0].lessons[0].update({ videoKey: named['lessons.video_key'] });
    const { book } = await createDigitalBook();
    named['digital_books.cover_ref'] = await store();
    named['digital_books.file_key'] = await store('uploads/file/purge/', 'pdf');
    await DigitalBookModel.update({ coverRef: named['digital_books.cover_ref'], fileKey: named['digital_books.file_key'] }, { where: { id: book.id } });
    named['trainings.thumbnail_ref'] = await store();
    named['trainings.trailer_ref'] = await store();
    await createTraining({ thumbnailRef: named['trainings.thumbnail_ref'], trailerRef: named['trainings.trailer_ref'] });

    const channel = await dueChannelNaming([own, ...Object.values(named)]);
    const report = await purge();
    expect(await ChannelModel.findByPk(channel.id)).to.equal(null);
    expect(await storage.exists(own)).to.equal(false);
    for (const [column, key] of Object.entries(named)) expect(await storage.exists(key), column).to.equal(true);
    expect(report.objectsShared).to.be.at.least(Object.keys(named).length);
  });

  it('never deletes an object outside uploads/image/ and uploads/file/, even when only the purged channel names it', async () => {
    const foreign = [await store('public/avatar/'), await store('public/thumbnail/'), await store('uploads/video/purge/', 'mp4')];
    const channel = await dueChannelNaming(foreign);
    const report = await purge();
    expect(await ChannelModel.findByPk(channel.id)).to.equal(null);
    for (const key of foreign) expect(await storage.exists(key), key).to.equal(true);
    expect(report.objectsNotOwned).to.be.at.least(foreign.length);
  });

  it('waits for a post write holding a key it would delete, then keeps the object the new post names', async () => {
    const key = await store();
    const due = await dueChannelNaming([key]);
    const live = await createChannel();
    const db = container.get(Database);
    // A post write's transaction: the key locked, the attachment written, the commit held back.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const writer = db.transaction(async (transaction) => {
      await container.get(StoredKeyReferencesService).lock([key], transaction);
      const post = await ChannelPostModel.create(
        { channelId: live.id, type: 'IMAGE', attachmentCount: 1, publishedAt: new Date(), createdByAdminId: 'test-admin' },
        { transaction },
      );
      await ChannelPostAttachmentModel.create({ postId: post.id, storageKey: key, fileName: 'a.png', mimeType: 'image/png', sizeBytes: 12, displayOrder: 0 }, { transaction });
      written();
      await committing;
    });
    await wrote;
    const purging = purge();
    try {
      expect(await Promise.race([purging.then(() => 'purged'), sleep(1_500).then(() => 'blocked')])).to.equal('blocked');
    } finally {
      commit();
      await writer;
      await purging;
    }
    expect(await ChannelModel.findByPk(due.id)).to.equal(null);
    expect(await storage.exists(key)).to.equal(true);
  });

  it('purges a channel with more posts than one delete statement takes', async () => {
    const key = await store();
    const channel = await dueChannelNaming([key]);
    await container.get(Database).sequelize.query(
      `INSERT INTO channel_posts (channel_id, type, body_text, created_by_admin_id)
       SELECT :channelId, 'TEXT', 'post ' || n, 'test-admin' FROM generate_series(1, 5001) AS n`,
      { replacements: { channelId: channel.id } },
    );
    const report = await purge();
    expect(await ChannelModel.findByPk(channel.id)).to.equal(null);
    expect(await ChannelPostModel.count({ where: { channelId: channel.id } })).to.equal(0);
    expect(report.posts).to.be.at.least(5_002);
    expect(await storage.exists(key)).to.equal(false);
  });
});
