import { Service } from 'typedi';
import { Page, pageWindow, toPage } from '../../../shared';
import { ContentTier, ContentTierHolder, ContentTierHolderSort, ContentTierHoldersService } from '../../../subscriptions';
import type { ContentSubscriberTierFilter, FetchContentSubscribersDto } from './dto/fetch-content-subscribers.dto';

/** The most rows `pagination=false` returns (count still says how many match), as the admin subscription list. */
export const CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT = 1_000;

/**
 * GET /api/admin/content-items/subscribers (issue 24 "Admin"; CONTRACT section 10): the users whose
 * entitlement satisfies `tier` now, by the one rule newsletter sends and `/full` use (the
 * subscriptions context's ContentTierHoldersService: trials and admin grants count, a revoked or
 * expired subscription does not), with the tier they hold and until when.
 */
@Service()
export class ContentSubscribersService {
  constructor(private readonly holders: ContentTierHoldersService) {}

  async list(query: FetchContentSubscribersDto): Promise<Page<ContentTierHolder>> {
    const filter = query.tier as ContentSubscriberTierFilter;
    const required: ContentTier | null = filter === 'all' ? null : filter;
    // pagination=false: pageWindow gives no window, and the first CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT rows are answered.
    const { limit = CONTENT_SUBSCRIBERS_UNPAGINATED_LIMIT, offset = 0 } = pageWindow(query);
    const { rows, count } = await this.holders.search({
      required,
      search: query.search,
      sort: query.sort as ContentTierHolderSort,
      order: query.order === 'asc' ? 'asc' : 'desc',
      limit,
      offset,
    });
    return toPage(rows, count, query);
  }
}
