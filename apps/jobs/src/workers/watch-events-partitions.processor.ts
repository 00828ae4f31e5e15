import { LOGGER, WatchEventPartitions } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * Daily (04:23 in the jobs process's time zone): watch_events' monthly partitions from the
 * current month to WATCH_EVENTS_PARTITIONS_AHEAD_MONTHS ahead are created (rows the DEFAULT
 * partition caught for such a month move into it), and those wholly older than
 * WATCH_EVENTS_RETENTION_DAYS are dropped. With at least one month ahead, a month's partition
 * exists weeks before its first heartbeat; a missed run only sends rows to the DEFAULT partition
 * until the next one moves them.
 */
export const watchEventsPartitionsProcessor = defineProcessor({
  job: 'maintenance.watch_events_partitions',
  repeat: { cron: '23 4 * * *' },
  process: async (_job, container) => {
    const outcome = await container.get(WatchEventPartitions).maintain();
    const log = container.get(LOGGER).child({ job: 'maintenance.watch_events_partitions' });
    log.info(outcome, `watch_events partitions: ${outcome.created.length} created, ${outcome.dropped.length} dropped, ${outcome.purgedDefaultRows} old DEFAULT rows purged`);
    return outcome;
  },
});
