import { Inject, Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import type { Logger } from '@platform/observability';
import { Storage } from '@platform/storage';
import { Clock, LOGGER } from '../../shared';
import { StoredKeyReferencesService } from '../../uploads';
import { isAttachmentKey } from '../admin/posts/dto/post-fields.decorators';
import { ChannelPurgeRepository, ChannelStoredKey } from './channel-purge.repository';

/**
 * Channels locked and purged per transaction (their posts go in chunks: CHANNEL_PURGE_POST_CHUNK).
 * A soft-deleted channel is usually small, and 50 keeps a run of many to few transactions.
 */
export const CHANNEL_PURGE_BATCH_SIZE = 50;
/** Stored objects deleted at once. */
const DELETE_CONCURRENCY = 8;

export interface ChannelPurgeReport {
  /** Channels deleted, with their posts and attachment rows. */
  channels: number;
  posts: number;
  attachments: number;
  /** Stored objects deleted (a missing one counts: deleting it is a no-op). */
  objectsDeleted: number;
  /** Keys left in storage because something else names them (another channel's attachment, a lesson, a book, ...). */
  objectsShared: number;
  /** Keys left in storage because they are not a channel attachment's kind of key (not under uploads/image/ or uploads/file/). */
  objectsNotOwned: number;
  /** Channels left for the next run because a stored object could not be deleted. */
  failedChannelIds: number[];
}

/**
 * Job channels.purge_soft_deleted (hourly; issue 21, Channel status): soft-deleted channels whose
 * `purge_after` has passed are removed for good, in batches of 50, one transaction each:
 * 1. lock the batch (SKIP LOCKED, so two runs share the work);
 * 2. lock its attachments' keys (StoredKeyReferencesService.lock), which a post write attaching
 *    one of them takes too: a write that committed first is seen by the next step, one that waits
 *    finds the object gone and is refused;
 * 3. keep every key something else names (StoredKeyReferencesService.namedElsewhere: another
 *    channel's attachment, a customer upload, a lesson video, a book file, a thumbnail, ...) and
 *    every key outside uploads/image/ and uploads/file/ (an attachment never owns other objects);
 * 4. delete the remaining objects, then the channel rows (posts in chunks; attachments, access
 *    policy, discussion and memberships cascade), and commit.
 *
 * Objects go before rows, while the batch's locks are held: a failed commit leaves rows whose
 * objects are gone, and the next run deletes the rows (deleting a missing object is a no-op); rows
 * first would orphan objects with nothing left to find them by. A storage failure leaves the
 * channels naming that key for the next run (logged) while the rest of the batch purges. Safe to
 * run twice, and with two runners at once.
 */
@Service()
export class PurgeSoftDeletedChannelsUseCase {
  constructor(
    private readonly db: Database,
    private readonly purge: ChannelPurgeRepository,
    private readonly references: StoredKeyReferencesService,
    private readonly storage: Storage,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(batchSize = CHANNEL_PURGE_BATCH_SIZE): Promise<ChannelPurgeReport> {
    const now = this.clock.now();
    const report: ChannelPurgeReport = {
      channels: 0,
      posts: 0,
      attachments: 0,
      objectsDeleted: 0,
      objectsShared: 0,
      objectsNotOwned: 0,
      failedChannelIds: [],
    };
    for (;;) {
      const batch = await this.db.transaction((tx) => this.purgeBatch(now, batchSize, report.failedChannelIds, tx));
      if (!batch) break;
      report.channels += batch.channels;
      report.posts += batch.posts;
      report.attachments += batch.attachments;
      report.objectsDeleted += batch.objectsDeleted;
      report.objectsShared += batch.objectsShared;
      report.objectsNotOwned += batch.objectsNotOwned;
      report.failedChannelIds.push(...batch.failedChannelIds);
    }
    if (report.channels > 0 || report.failedChannelIds.length > 0) this.logger.info(report, 'purged soft-deleted channels');
    return report;
  }

  /** One batch in `tx`; null when no channel is due (other than those that failed this run). */
  private async purgeBatch(now: Date, limit: number, except: readonly number[], tx: Transaction): Promise<ChannelPurgeReport | null> {
    const ids = await this.purge.lockDue(now, limit, except, tx);
    if (ids.length === 0) return null;
    const stored = await this.purge.storedKeys(ids, tx);
    const keys = [...new Set(stored.map((row) => row.storageKey))];
    await this.references.lock(keys, tx);
    const shared = await this.references.namedElsewhere(keys, { exceptChannelIds: ids }, tx);
    const notOwned = keys.filter((key) => !shared.has(key) && !isAttachmentKey(key));
    if (notOwned.length) {
      // Not a key a post may attach (written before that rule, or not normalized: deleting what it
      // normalizes to could remove another object): left alone, the row still goes.
      const sample = notOwned.slice(0, 20);
      this.logger.warn({ keys: sample, count: notOwned.length }, 'purged channel attachments name keys a channel does not own; not deleted');
    }
    const deletable = keys.filter((key) => !shared.has(key) && isAttachmentKey(key));
    const { deleted: objectsDeleted, failed: failedKeys } = await this.deleteObjects(deletable, stored);

    const failed = new Set(stored.filter((row) => failedKeys.has(row.storageKey)).map((row) => row.channelId));
    const purged = ids.filter((id) => !failed.has(id));
    const deleted = purged.length > 0 ? await this.purge.deleteChannels(purged, tx) : { channels: 0, posts: 0, attachments: 0 };
    return {
      ...deleted,
      objectsDeleted,
      objectsShared: shared.size,
      objectsNotOwned: notOwned.length,
      failedChannelIds: [...failed],
    };
  }

  /** Deletes each key's object, a few at a time; answers how many went and the keys that failed. */
  private async deleteObjects(keys: string[], stored: ChannelStoredKey[]): Promise<{ deleted: number; failed: Set<string> }> {
    const failed = new Set<string>();
    let deleted = 0;
    const queue = [...keys];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        const outcome = await this.deleteObject(key, stored);
        if (outcome === 'failed') failed.add(key);
        else deleted += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
    return { deleted, failed };
  }

  private async deleteObject(key: string, stored: ChannelStoredKey[]): Promise<'deleted' | 'failed'> {
    try {
      await this.storage.delete(key);
      return 'deleted';
    } catch (error) {
      const channelIds = stored.filter((row) => row.storageKey === key).map((row) => row.channelId);
      this.logger.warn({ err: error, key, channelIds }, 'could not delete a purged channel attachment; the channel is left for the next run');
      return 'failed';
    }
  }
}
