import { Service } from 'typedi';
import { ContentSeriesModel, ContentSeriesStatus } from '@platform/db';
import { AdminActor, slugify } from '../../../../shared';
import { seriesSlugs } from '../../../content-slugs';
import type { SeriesView } from '../../../content.views';
import { AdminContentSeriesService } from '../admin-content-series.service';
import type { CreateContentSeriesDto } from '../dto/content-series-write.dto';
import { ContentPublicViews } from '../../../content-public-views.service';

/**
 * POST /api/admin/content-series (CONTRACT section 10): `active` unless `archived` is asked, no
 * tier rule (free). A requested slug some series holds or held is 409 CONFLICT; without one the
 * title's slug is used with a numeric suffix until free. A slug lost to a concurrent create is
 * 409 too (seriesSlugs.raceAsConflict).
 */
@Service()
export class CreateContentSeriesUseCase {
  constructor(
    private readonly publicViews: ContentPublicViews,
    private readonly reads: AdminContentSeriesService,
  ) {}

  async execute(admin: AdminActor, input: CreateContentSeriesDto): Promise<SeriesView> {
    return seriesSlugs.raceAsConflict(input.slug ?? slugify(input.title, 'series'), () =>
      this.publicViews.transaction(async (tx) => {
        const slug = await seriesSlugs.choose(input.slug, input.title, tx);
        const series = await ContentSeriesModel.create(
          {
            title: input.title,
            slug,
            description: input.description ?? null,
            status: (input.status as ContentSeriesStatus | undefined) ?? 'active',
            createdByAdminId: admin.id,
          },
          { transaction: tx },
        );
        return this.reads.view(series, tx);
      }),
    );
  }
}
