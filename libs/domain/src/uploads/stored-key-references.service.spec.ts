import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { ContainerInstance } from 'typedi';
import { ChannelPostAttachmentModel, CustomerUploadModel, Database, DigitalBookModel } from '@platform/db';
import { createChannel, createChannelPost, createCustomer, createDigitalBook, createTraining, testContainer } from '@platform/testing';
import { STORED_KEY_COLUMNS, StoredKeyReferencesService } from './stored-key-references.service';

/**
 * Text columns whose names say "key" or "ref" but hold no storage key, each with what it holds.
 * A new *_key / *_ref / storage column must land either here or in STORED_KEY_COLUMNS.
 */
const NOT_STORAGE_KEYS = new Set([
  'notification_events.dedupe_key', // an outbox event's dedupe text
  'subscription_plan_features.feature_key', // a feature name
  'channel_access_policies.required_feature_key',
  'channel_discussions.required_feature_key',
  'training_sessions.live_session_ref', // a meeting link or id
  'training_cohort_sessions.live_session_ref',
]);

describe(StoredKeyReferencesService.name, () => {
  let container: ContainerInstance;
  let references: StoredKeyReferencesService;
  let db: Database;
  const key = (prefix = 'uploads/file/refs/') => `${prefix}${randomBytes(6).toString('hex')}.pdf`;

  before(async () => {
    container = await testContainer('stored-key-references-spec');
    references = container.get(StoredKeyReferencesService);
    db = container.get(Database);
  });

  it('knows every column of the schema that stores a key (the migrations\' *_key, *_ref and storage columns)', async () => {
    const columns = await db.sequelize.query<{ name: string }>(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type = 'text' AND (column_name ~ '(_key|_ref)$' OR column_name LIKE '%storage%')`,
      { type: QueryTypes.SELECT },
    );
    const storing = columns.map((column) => column.name).filter((name) => !NOT_STORAGE_KEYS.has(name));
    const known = [...STORED_KEY_COLUMNS.map(({ table, column }) => `${table}.${column}`), 'channel_post_attachments.storage_key'];
    expect(storing.sort()).to.deep.equal(known.sort());
  });

  it('names the keys a customer uploaded, and no others', async () => {
    const [theirs, ours] = [key(), key()];
    await CustomerUploadModel.create({ storageKey: theirs, userId: (await createCustomer(container)).id });
    expect(await references.customerUploaded([theirs, ours])).to.deep.equal(new Set([theirs]));
    expect(await references.customerUploaded([])).to.deep.equal(new Set());
  });

  it('names the keys a catalog row or another channel\'s attachment names, leaving out the excepted channels', async () => {
    const [book, training, purged, other, tombstone, nobody] = [key(), key('uploads/image/refs/'), key(), key(), key(), key()];
    const { book: row } = await createDigitalBook();
    await DigitalBookModel.update({ fileKey: book }, { where: { id: row.id } });
    await createTraining({ thumbnailRef: training });
    const [gone, kept] = [await createChannel({ status: 'soft_deleted' }), await createChannel()];
    await createChannelPost(gone.id, { type: 'FILE', attachments: [purged, other, tombstone, nobody, book].map((storageKey) => ({ storageKey })) });
    await createChannelPost(kept.id, { type: 'FILE', attachments: [{ storageKey: other }] });
    await createChannelPost(kept.id, { type: 'FILE', attachments: [{ storageKey: tombstone }], isDeleted: true });
    const named = await references.namedElsewhere([purged, other, tombstone, nobody, book, training], { exceptChannelIds: [gone.id] });
    expect(named).to.deep.equal(new Set([other, tombstone, book, training]));
    // Without the exception, the channel's own attachments count too.
    expect(await references.namedElsewhere([purged], { exceptChannelIds: [] })).to.deep.equal(new Set([purged]));
    expect(await ChannelPostAttachmentModel.count({ where: { storageKey: purged } })).to.equal(1);
  });

  it('passes keys with quotes, backslashes, commas and braces through as one array', async () => {
    const odd = `uploads/file/refs/${randomBytes(3).toString('hex')} "a",\\b{c}'d.pdf`;
    const channel = await createChannel();
    await createChannelPost(channel.id, { type: 'FILE', attachments: [{ storageKey: odd }] });
    expect(await references.namedElsewhere([odd, 'uploads/file/refs/none.pdf'], { exceptChannelIds: [] })).to.deep.equal(new Set([odd]));
  });

  it('locks keys for the transaction: a second locker of an overlapping key waits for the commit', async () => {
    const [a, b, c] = [key(), key(), key()];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const first = db.transaction(async (tx) => {
      await references.lock([c, a], tx);
      held();
      await released;
    });
    await holding;
    // A disjoint key is free at once; an overlapping set waits.
    await db.transaction((tx) => references.lock([b], tx));
    let secondDone = false;
    const second = db.transaction((tx) => references.lock([b, c], tx)).then(() => (secondDone = true));
    await sleep(300);
    expect(secondDone).to.equal(false);
    release();
    await Promise.all([first, second]);
    expect(secondDone).to.equal(true);
  });
});
