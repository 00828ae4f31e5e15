import { Inject, Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import type { AppConfig } from '@platform/config';
import { Database } from '@platform/db';
import { Clock, CONFIG } from '../../shared';

const DAY_MS = 86_400_000;
/** pg_advisory_xact_lock key of this maintenance, so two jobs apps never create or drop the same partition at once. */
const MAINTENANCE_LOCK_KEY = 8_000_801;
/**
 * How long a step waits for its table locks (ATTACH and DROP lock the parent table, the move
 * locks the DEFAULT partition). Heartbeat inserts queue behind a waiting lock, so a step that
 * cannot get its locks quickly gives up and the job's next run (or retry) does it instead.
 */
const LOCK_TIMEOUT = '5s';

export interface WatchEventPartitionsOutcome {
  /** Partitions created (watch_events_YYYY_MM), oldest first. */
  created: string[];
  /** Partitions dropped, oldest first. */
  dropped: string[];
  /** Rows older than the cutoff deleted from the DEFAULT partition. */
  purgedDefaultRows: number;
}

/**
 * Job maintenance.watch_events_partitions (daily): keeps the monthly partitions of watch_events
 * (migration 0008) ready from the current UTC month to WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS
 * later, moving rows that fell into the DEFAULT partition for such a month into it, then applies
 * retention: partitions that end at or before now − WATCH_EVENTS_RETENTION_DAYS are dropped
 * whole and older DEFAULT-partition rows deleted. Partition months follow the database's clock
 * (watch_events_ensure_partitions uses now()); the retention cutoff follows the injected Clock.
 * Safe to run twice, and concurrently: each step runs in its own transaction under one advisory
 * lock, and a partition that exists is left as it is.
 */
@Service()
export class WatchEventPartitions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs every step, each in its own transaction, even when an earlier one failed; then throws the first failure. */
  async maintain(): Promise<WatchEventPartitionsOutcome> {
    const { retentionDays, partitionsAheadMonths } = this.config.limits.watchEvents;
    const cutoff = new Date(this.clock.now().getTime() - retentionDays * DAY_MS);
    const [created, dropped, purged] = await settleInOrder([
      () => this.locked('SELECT watch_events_ensure_partitions(:monthsAhead) AS value', { monthsAhead: partitionsAheadMonths }),
      () => this.locked('SELECT watch_events_drop_before(:cutoff::timestamptz) AS value', { cutoff }),
      () => this.locked('SELECT watch_events_purge_default_before(:cutoff::timestamptz) AS value', { cutoff }),
    ]);
    return { created: created.map(String), dropped: dropped.map(String), purgedDefaultRows: Number(purged[0] ?? 0) };
  }

  /** The `value` column of `sql`'s rows, run under the maintenance lock and a short lock_timeout. */
  private locked(sql: string, replacements: Record<string, unknown>): Promise<unknown[]> {
    return this.db.transaction(async (transaction) => {
      // The advisory lock first: a concurrent run waits for this one (then finds nothing to do).
      await this.db.sequelize.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: MAINTENANCE_LOCK_KEY }, transaction });
      await this.db.sequelize.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`, { transaction });
      const rows = await this.db.sequelize.query<{ value: unknown }>(sql, { replacements, type: QueryTypes.SELECT, transaction });
      return rows.map((row) => row.value);
    });
  }
}

/** Runs the steps one after another whatever each one's outcome; rejects with the first failure once all ran. */
async function settleInOrder(steps: Array<() => Promise<unknown[]>>): Promise<unknown[][]> {
  const results: unknown[][] = [];
  let failure: unknown;
  for (const step of steps) {
    try {
      results.push(await step());
    } catch (error) {
      failure ??= error;
      results.push([]);
    }
  }
  if (failure !== undefined) throw failure;
  return results;
}
