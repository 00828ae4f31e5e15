/** Admin newsletter series (community-content-uploads.md "Newsletter content" endpoints; CONTRACT section 10). */
export { ContentSeriesQueryDto, ADMIN_CONTENT_SERIES_SORTS } from './dto/content-series-query.dto';
export { CreateContentSeriesDto, UpdateContentSeriesDto } from './dto/content-series-write.dto';
export { AdminContentSeriesService } from './admin-content-series.service';
export { CreateContentSeriesUseCase } from './use-cases/create-content-series.use-case';
export { UpdateContentSeriesUseCase } from './use-cases/update-content-series.use-case';
export { DeleteContentSeriesUseCase } from './use-cases/delete-content-series.use-case';
export type { ContentSeriesDeleteView } from './use-cases/delete-content-series.use-case';
export { SetContentSeriesTierUseCase } from './use-cases/set-content-series-tier.use-case';
