import { Service } from 'typedi';
import { Clock, CustomerActor, Page, toPage } from '../../shared';
import { ContentAccessService } from '../access';
import { ContentItemDetailsService } from '../content-item-details.service';
import { ContentAccessDenied } from '../content.errors';
import { ItemFullView, toItemFullView } from '../content.views';
import { ContentReadersRepository } from './content-readers.repository';
import { ContentReadersService } from './content-readers.service';
import type { ContentItemPageQueryDto } from './dto/public-content-query.dto';

/**
 * What a signed-in reader reads in full (community-content-uploads.md "Entitlement"): one item
 * (`/full`) and the library. Both ask ContentAccessService, the one access function: `decide` for
 * one item, `readableTiers` for the library's SQL filter (the same rule, so the library holds
 * exactly the items `/full` answers).
 */
@Service()
export class ContentLibraryService {
  constructor(
    private readonly readers: ContentReadersService,
    private readonly repository: ContentReadersRepository,
    private readonly details: ContentItemDetailsService,
    private readonly access: ContentAccessService,
    private readonly clock: Clock,
  ) {}

  /** A published item in full, if the reader's entitlement now satisfies its tier; else 403 CONTENT_ACCESS_DENIED. */
  async full(reader: CustomerActor, slug: string): Promise<ItemFullView> {
    const item = await this.readers.publishedItem(slug);
    const details = await this.details.ofOne(item);
    const decision = await this.access.decide(reader.id, details.tier, this.clock.now());
    if (!decision.full) throw ContentAccessDenied(decision.requiredTier);
    return toItemFullView(item, details);
  }

  /** The published items the reader may read in full now (free ones and those of the tiers held), in full. */
  async library(reader: CustomerActor, query: ContentItemPageQueryDto): Promise<Page<ItemFullView>> {
    const readableTiers = await this.access.readableTiers(reader.id, this.clock.now());
    const { rows, count } = await this.repository.publishedPage({ readableTiers }, query);
    return toPage(await this.readers.views(rows, toItemFullView), count, query);
  }
}
