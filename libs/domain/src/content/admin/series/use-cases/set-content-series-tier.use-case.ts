import { Service } from 'typedi';
import { AdminActor } from '../../../../shared';
import { ContentTierRulesRepository } from '../../../access/content-tier-rules.repository';
import type { SeriesView } from '../../../content.views';
import { AdminContentSeriesService } from '../admin-content-series.service';
import { ContentSeriesRepository } from '../content-series.repository';
import type { SetContentTierDto } from '../../../access/dto/set-content-tier.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * POST /api/admin/content-series/:id/tier (CONTRACT section 10): `basic` or `premium` upserts the
 * series' content_tier_rules row (one per series, content_tier_rules_series_key), `null` removes
 * it. Items with their own rule keep it (the item rule wins); the others follow the series. Under
 * the series' row lock, so no rule is written for a series a concurrent delete removes. The
 * series' updatedAt moves: its view changed.
 */
@Service()
export class SetContentSeriesTierUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly rules: ContentTierRulesRepository,
    private readonly series: ContentSeriesRepository,
    private readonly reads: AdminContentSeriesService,
  ) {}

  execute(admin: AdminActor, id: number, input: SetContentTierDto): Promise<SeriesView> {
    return this.publicViews.transaction(async (tx) => {
      const series = await this.series.requireSeries(id, tx, true);
      await this.rules.set({ seriesId: series.id }, input.tier, admin, tx);
      series.changed('updatedAt', true);
      await series.save({ transaction: tx });
      return this.reads.view(series, tx);
    });
  }
}
