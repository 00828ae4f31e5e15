import { Service } from 'typedi';
import type { ContentSeriesModel, Transaction } from '@platform/db';
import { Page, toPage } from '../../../shared';
import { ContentTiersService } from '../../access/content-tiers.service';
import { SeriesView, toSeriesView } from '../../content.views';
import { ContentSeriesRepository } from './content-series.repository';
import type { ContentSeriesQueryDto } from './dto/content-series-query.dto';

/** Admin reads of series: the list and one series, each as a SeriesView (tier = the series-level rule). */
@Service()
export class AdminContentSeriesService {
  constructor(
    private readonly series: ContentSeriesRepository,
    private readonly tiers: ContentTiersService,
  ) {}

  async list(query: ContentSeriesQueryDto): Promise<Page<SeriesView>> {
    const { rows, count } = await this.series.list(query);
    const tiers = await this.tiers.ofSeries(rows.map((row) => row.id));
    return toPage(
      rows.map((row) => toSeriesView(row, tiers.get(row.id) ?? null)),
      count,
      query,
    );
  }

  async get(id: number): Promise<SeriesView> {
    return this.view(await this.series.requireSeries(id));
  }

  /** The view of a loaded series; inside a write, pass its transaction. */
  async view(series: ContentSeriesModel, tx?: Transaction): Promise<SeriesView> {
    const tiers = await this.tiers.ofSeries([series.id], tx);
    return toSeriesView(series, tiers.get(series.id) ?? null);
  }
}
