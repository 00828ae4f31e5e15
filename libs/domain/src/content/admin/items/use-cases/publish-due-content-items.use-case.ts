import { Service } from 'typedi';
import { Database } from '@platform/db';
import { Clock } from '../../../../shared';
import { ContentPublicViews } from '../../../content-public-views.service';

export interface PublishDueContentItemsReport {
  /** The items this run published (another runner's are not here). */
  publishedIds: number[];
}

/**
 * Job content.publish_due (every minute; issue 24 "scheduling"): every `scheduled` item whose
 * scheduledAt is at or before the app Clock's now becomes published, in ONE conditional UPDATE.
 * Two runners at once publish each item once: the second one's UPDATE waits on the first's row
 * locks and then re-reads `status = 'scheduled'`, which no longer holds, so the RETURNING sets are
 * disjoint. An item unpublished or archived before the run is not `scheduled` and stays as it is.
 *
 * publishedAt is the item's scheduledAt, not the run's time: readers see the time the editor
 * chose, and a late run (a job outage) does not reorder the newest-first lists. A run that
 * published something makes the cached public views stale (ContentPublicViews).
 */
@Service()
export class PublishDueContentItemsUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicViews: ContentPublicViews,
  ) {}

  async execute(): Promise<PublishDueContentItemsReport> {
    const [rows] = await this.db.sequelize.query(
      `UPDATE content_items SET status = 'published', published_at = scheduled_at, updated_at = :now
        WHERE status = 'scheduled' AND scheduled_at <= :now
        RETURNING id`,
      { replacements: { now: this.clock.now() } },
    );
    const publishedIds = (rows as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    // The UPDATE committed on its own: the bump follows it.
    if (publishedIds.length > 0) await this.publicViews.invalidate();
    return { publishedIds };
  }
}
