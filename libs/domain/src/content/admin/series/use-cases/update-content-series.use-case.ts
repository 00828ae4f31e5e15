import { Service } from 'typedi';
import { ContentSeriesStatus } from '@platform/db';
import { ValidationFailed } from '../../../../shared';
import { seriesSlugs } from '../../../content-slugs';
import type { SeriesView } from '../../../content.views';
import { AdminContentSeriesService } from '../admin-content-series.service';
import { ContentSeriesRepository } from '../content-series.repository';
import type { UpdateContentSeriesDto } from '../dto/content-series-write.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * PATCH /api/admin/content-series/:id, under the series' row lock. A new slug keeps the old one
 * resolving to this series (slug history) and is 409 CONFLICT when another series holds or held
 * it; returning to one of its own former slugs is allowed. An empty body is 400.
 */
@Service()
export class UpdateContentSeriesUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly series: ContentSeriesRepository,
    private readonly reads: AdminContentSeriesService,
  ) {}

  async execute(id: number, input: UpdateContentSeriesDto): Promise<SeriesView> {
    const present = Object.keys(input).filter((key) => input[key as keyof UpdateContentSeriesDto] !== undefined);
    if (present.length === 0) throw ValidationFailed('Nothing to update: send at least one of title, slug, description, status');
    return seriesSlugs.raceAsConflict(input.slug ?? '', () =>
      this.publicViews.transaction(async (tx) => {
        const series = await this.series.requireSeries(id, tx, true);
        if (input.slug !== undefined) await seriesSlugs.rename(series, input.slug, tx);
        if (input.title !== undefined) series.title = input.title;
        if (input.description !== undefined) series.description = input.description;
        if (input.status !== undefined) series.status = input.status as ContentSeriesStatus;
        // A PATCH repeating the stored values is still an edit: updatedAt moves (the list sorts on it).
        series.changed('updatedAt', true);
        await series.save({ transaction: tx });
        return this.reads.view(series, tx);
      }),
    );
  }
}
