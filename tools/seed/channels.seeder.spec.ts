import { expect } from 'chai';
import type { ContainerInstance } from 'typedi';
import {
  AdminModel,
  ChannelAccessPolicyModel,
  ChannelDiscussionModel,
  ChannelModel,
  ChannelPostAttachmentModel,
  ChannelPostModel,
  SubscriptionPlanFeatureModel,
} from '@platform/db';
import { Storage } from '@platform/storage';
import { testContainer } from '@platform/testing';
import { seedChannels } from './channels.seeder';
import { DEMO_SIGNALS_FEATURE_KEY, seedSubscriptions } from './subscriptions.seeder';

describe('channels demo seeder', () => {
  let container: ContainerInstance;

  before(async () => {
    container = await testContainer('channels-seeder-spec');
    await seedSubscriptions(container);
  });

  const counts = async () => ({
    channels: await ChannelModel.count(),
    policies: await ChannelAccessPolicyModel.count(),
    discussions: await ChannelDiscussionModel.count(),
    posts: await ChannelPostModel.count(),
    attachments: await ChannelPostAttachmentModel.count(),
  });

  it('creates an OPEN and a gated broadcast channel, and a second run creates nothing and reports the same manifest', async () => {
    const first = await seedChannels(container);
    const before = await counts();
    const second = await seedChannels(container);
    expect(second).to.deep.equal(first);
    expect(await counts()).to.deep.equal(before);

    expect(first.channels.map(({ kind, accessPolicy, requiredFeatureKey }) => ({ kind, accessPolicy, requiredFeatureKey }))).to.deep.equal([
      { kind: 'BROADCAST', accessPolicy: 'OPEN', requiredFeatureKey: null },
      { kind: 'BROADCAST', accessPolicy: 'EXTERNAL_GATED', requiredFeatureKey: DEMO_SIGNALS_FEATURE_KEY },
    ]);
    const gates = await SubscriptionPlanFeatureModel.count({ where: { featureKey: DEMO_SIGNALS_FEATURE_KEY, enabled: true } });
    expect(gates, 'a plan gives the gated channel’s key').to.be.at.least(1);
  });

  it('gives each channel its policy row, its discussion and an active status, by the bootstrap admin', async () => {
    const { channels } = await seedChannels(container);
    for (const entry of channels) {
      const channel = await ChannelModel.findByPk(entry.id, { include: ['accessPolicyConfig'], rejectOnEmpty: true });
      const admin = await AdminModel.findByPk(channel.createdByAdminId);
      expect(admin, 'created by an admin that exists').to.not.equal(null);
      expect(channel).to.include({ title: entry.title, status: 'active', visibility: 'PUBLIC' });
      expect(channel.accessPolicyConfig).to.include({ accessPolicy: entry.accessPolicy, requiredFeatureKey: entry.requiredFeatureKey });
      const discussion = await ChannelDiscussionModel.findOne({ where: { channelId: entry.id } });
      expect(discussion).to.include({ title: entry.title, isEnabled: true, slowModeEnabled: false, requiredFeatureKey: null });
    }
  });

  it('posts every type in each channel, the attachments stored under uploads/image/ and uploads/file/', async () => {
    const storage = container.get(Storage);
    for (const { id } of (await seedChannels(container)).channels) {
      const posts = await ChannelPostModel.findAll({ where: { channelId: id }, include: ['attachments'], order: [['id', 'ASC']] });
      expect(posts.map((post) => post.type)).to.have.members(['TEXT', 'LINK', 'CHART', 'IMAGE', 'FILE']);
      expect(posts.filter((post) => post.isPinned)).to.have.length(1);
      const chart = posts.find((post) => post.type === 'CHART');
      expect(chart?.chartPayloadJson).to.be.an('object').that.has.property('points');
      expect(posts.find((post) => post.type === 'LINK')?.linkUrl).to.match(/^https:\/\//);
      for (const [type, prefix] of [['IMAGE', 'uploads/image/'], ['FILE', 'uploads/file/']] as const) {
        const attachments = posts.find((post) => post.type === type)?.attachments ?? [];
        expect(attachments, `${type} has attachments`).to.not.be.empty;
        for (const attachment of attachments) {
          expect(attachment.storageKey.startsWith(prefix), attachment.storageKey).to.equal(true);
          const stored = await storage.open(attachment.storageKey);
          const bytes = Buffer.concat(await stored.stream.toArray());
          expect(bytes.length).to.equal(Number(attachment.sizeBytes));
        }
      }
    }
  });

  it('stores a demo file again when it went missing, without touching the rows', async () => {
    const storage = container.get(Storage);
    const { channels } = await seedChannels(container);
    const filePost = await ChannelPostModel.findOne({ where: { channelId: channels[0]?.id, type: 'FILE' }, include: ['attachments'], rejectOnEmpty: true });
    const key = filePost.attachments?.[0]?.storageKey ?? '';
    await storage.delete(key);
    expect(await storage.exists(key)).to.equal(false);
    const before = await counts();
    expect(await seedChannels(container)).to.deep.equal({ channels });
    expect(await storage.exists(key)).to.equal(true);
    expect(await counts()).to.deep.equal(before);
  });
});
