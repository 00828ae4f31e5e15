import { Readable } from 'node:stream';
import type { ContainerInstance } from 'typedi';
import {
  ChannelAccessPolicyModel,
  ChannelDiscussionModel,
  ChannelModel,
  ChannelPostAttachmentModel,
  ChannelPostModel,
  Database,
  Transaction,
} from '@platform/db';
import { EnsureBootstrapAdminUseCase } from '@platform/domain';
import { Storage } from '@platform/storage';
import { DEMO_CHANNELS, DemoChannel, demoPosts } from './channels.demo-content';
import type { DemoManifest } from './demo-manifest';

type ChannelManifest = Pick<DemoManifest, 'channels'>;

const MINUTE_MS = 60_000;

/**
 * CONTRACT section 7: an OPEN and an EXTERNAL_GATED broadcast channel (gated on the demo feature
 * key the subscriptions seeder gives the basic plan, so that seeder runs first), each with its
 * access policy row, its discussion (title = channel title, enabled, as a created channel has it)
 * and a post of every type; IMAGE and FILE attachments point at objects really stored under
 * uploads/image/ and uploads/file/. Written with the models (one transaction per channel), as the
 * admin would leave them, by the bootstrap admin. A channel is found by its title: an existing one
 * is reported as it is, never changed; only missing demo objects are stored again.
 */
export async function seedChannels(container: ContainerInstance): Promise<ChannelManifest> {
  const { id: adminId } = await container.get(EnsureBootstrapAdminUseCase).execute();
  await storeDemoFiles(container.get(Storage));
  const channels = [];
  for (const demo of DEMO_CHANNELS) {
    const existing = await ChannelModel.findOne({ where: { title: demo.title }, order: [['id', 'ASC']] });
    const id = existing?.id ?? (await container.get(Database).transaction((tx) => createChannel(demo, adminId, tx)));
    channels.push(await channelManifest(id));
  }
  return { channels };
}

async function storeDemoFiles(storage: Storage): Promise<void> {
  for (const demo of DEMO_CHANNELS) {
    for (const file of demoPosts(demo).flatMap((post) => post.attachments ?? [])) {
      if (await storage.exists(file.storageKey)) continue;
      await storage.put(file.storageKey, Readable.from(file.body), { contentType: file.mimeType, contentLength: file.body.length });
    }
  }
}

async function createChannel(demo: DemoChannel, adminId: string, tx: Transaction): Promise<number> {
  const { title, description, accessPolicy, policy } = demo;
  const channel = await ChannelModel.create(
    { kind: 'BROADCAST', accessPolicy, visibility: 'PUBLIC', title, description, createdByAdminId: adminId },
    { transaction: tx },
  );
  await ChannelAccessPolicyModel.create(
    { channelId: channel.id, accessPolicy, preservePriorEntitledHistory: true, updatedByAdminId: adminId, ...policy },
    { transaction: tx },
  );
  await ChannelDiscussionModel.create({ channelId: channel.id, title, isEnabled: true, createdByAdminId: adminId }, { transaction: tx });
  const posts = demoPosts(demo);
  const start = Date.now() - posts.length * 30 * MINUTE_MS;
  for (const [index, demoPost] of posts.entries()) {
    const publishedAt = new Date(start + index * 30 * MINUTE_MS);
    const attachments = demoPost.attachments ?? [];
    const post = await ChannelPostModel.create(
      {
        channelId: channel.id,
        type: demoPost.type,
        bodyText: demoPost.bodyText,
        linkUrl: demoPost.linkUrl ?? null,
        chartPayloadJson: demoPost.chartPayloadJson ?? null,
        attachmentCount: attachments.length,
        publishedAt,
        createdByAdminId: adminId,
        isPinned: demoPost.pinned === true,
        pinnedAt: demoPost.pinned ? publishedAt : null,
      },
      { transaction: tx },
    );
    for (const [displayOrder, file] of attachments.entries()) {
      await ChannelPostAttachmentModel.create(
        { postId: post.id, storageKey: file.storageKey, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.body.length, displayOrder },
        { transaction: tx },
      );
    }
  }
  return channel.id;
}

async function channelManifest(id: number): Promise<ChannelManifest['channels'][number]> {
  const channel = await ChannelModel.findByPk(id, { include: ['accessPolicyConfig'], rejectOnEmpty: true });
  return {
    id: channel.id,
    title: channel.title,
    kind: channel.kind,
    accessPolicy: channel.accessPolicy,
    requiredFeatureKey: channel.accessPolicyConfig?.requiredFeatureKey ?? null,
  };
}
