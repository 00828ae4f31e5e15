import { Service } from 'typedi';
import { Database, Transaction } from '@platform/db';
import { textArrayLiteral } from '../shared';

/**
 * Every column outside channel attachments that names a stored object by its key (the *_key and
 * *_ref columns of the migrations). A column added to a migration that stores a key belongs here,
 * or the channel purge could delete an object it names.
 */
export const STORED_KEY_COLUMNS: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'customer_uploads', column: 'storage_key' }, // 0003: every customer upload, public or private
  { table: 'courses', column: 'thumbnail_ref' }, // 0002
  { table: 'courses', column: 'trailer_ref' },
  { table: 'lessons', column: 'video_key' },
  { table: 'digital_books', column: 'cover_ref' },
  { table: 'digital_books', column: 'file_key' },
  { table: 'trainings', column: 'thumbnail_ref' }, // 0014
  { table: 'trainings', column: 'trailer_ref' },
  { table: 'training_sessions', column: 'recording_key' },
];

/** Channels whose attachments a question leaves out (the channels being purged). */
export interface StoredKeyExceptions {
  exceptChannelIds: readonly number[];
}

/**
 * Who names a stored key: the one place that knows which tables hold keys, so a part of the
 * platform that deletes objects (the channel purge) never deletes one another part still names,
 * and one that takes keys from a client (channel posts) can refuse a customer's private file.
 * Keys go to SQL as one array (`= ANY(CAST(:keys AS text[]))`), however many there are.
 */
@Service()
export class StoredKeyReferencesService {
  constructor(private readonly db: Database) {}

  /**
   * Takes a transaction-scoped advisory lock per key, in the order of the lock ids, so two
   * lockers of overlapping keys never deadlock. A writer that attaches a key and a purge that may
   * delete its object both lock it first: one waits for the other's commit, so the purge sees the
   * new attachment, or the writer sees the object gone.
   */
  async lock(keys: readonly string[], tx: Transaction): Promise<void> {
    if (keys.length === 0) return;
    await this.db.sequelize.query(
      `SELECT count(pg_advisory_xact_lock(l.id)) FROM (
         SELECT DISTINCT hashtext('stored-key:' || k.key) AS id FROM unnest(CAST(:keys AS text[])) AS k(key) ORDER BY id
       ) AS l`,
      { replacements: { keys: textArrayLiteral(keys) }, transaction: tx },
    );
  }

  /** Of `keys`, those a customer uploaded (customer_uploads): a customer's files, never an admin's. */
  async customerUploaded(keys: readonly string[], tx?: Transaction): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    return this.keysFrom(`SELECT u.storage_key AS key FROM customer_uploads u WHERE u.storage_key = ANY(CAST(:keys AS text[]))`, { keys }, tx);
  }

  /**
   * Of `keys`, those something other than the attachments of `exceptChannelIds` names: a row of
   * STORED_KEY_COLUMNS, or an attachment (live or tombstoned post) of any other channel.
   */
  async namedElsewhere(keys: readonly string[], { exceptChannelIds }: StoredKeyExceptions, tx?: Transaction): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const columns = STORED_KEY_COLUMNS.map(({ table, column }) => `SELECT t.${column} AS key FROM ${table} t WHERE t.${column} = ANY(CAST(:keys AS text[]))`);
    const attachments =
      `SELECT a.storage_key AS key FROM channel_post_attachments a JOIN channel_posts p ON p.id = a.post_id ` +
      `WHERE a.storage_key = ANY(CAST(:keys AS text[])) AND NOT (p.channel_id = ANY(CAST(:except AS integer[])))`;
    return this.keysFrom([...columns, attachments].join('\nUNION\n'), { keys, except: `{${exceptChannelIds.join(',')}}` }, tx);
  }

  private async keysFrom(sql: string, { keys, ...rest }: { keys: readonly string[]; except?: string }, tx?: Transaction): Promise<Set<string>> {
    const [rows] = await this.db.sequelize.query(sql, { replacements: { keys: textArrayLiteral(keys), ...rest }, transaction: tx });
    return new Set((rows as Array<{ key: string }>).map((row) => row.key));
  }
}
