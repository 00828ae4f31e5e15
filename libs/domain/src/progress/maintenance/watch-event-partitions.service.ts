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

  async maintain(): Promise<WatchEventPartitionsOutcome> {
    const { retentionDays, partitionsAheadMonths } = this.config.limits.watchEvents;
    const created = await this.locked('SELECT watch_events_ensure_partitions(:monthsAhead) AS name', {
      monthsAhead: partitionsAheadMonths,
    });
    const cutoff = new Date(this.clock.now().getTime() - retentionDays * DAY_MS);
    const dropped = await this.locked('SELECT watch_events_drop_before(:cutoff::timestamptz) AS name', { cutoff });
    return { created, dropped };
  }

  private locked(sql: string, replacements: Record<string, unknown>): Promise<string[]> {
    return this.db.transaction(async (transaction) => {
      // The advisory lock first: a concurrent run waits for this one (then finds nothing to do).
      await this.db.sequelize.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: MAINTENANCE_LOCK_KEY }, transaction });
      await this.db.sequelize.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`, { transaction });
      const rows = await this.db.sequelize.query<{ name: string }>(sql, { replacements, type: QueryTypes.SELECT, transaction });
      return rows.map((row) => row.name);
    });
  }
}
