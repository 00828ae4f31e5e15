import { Service } from 'typedi';
import type { ContentItemModel, Transaction } from '@platform/db';
import { Page, toPage } from '../../../shared';
import { ContentItemDetailsService } from '../../content-item-details.service';
import { AdminItemView, toAdminItemView } from '../../content.views';
import { AdminContentItemsRepository } from './content-items-admin.repository';
import type { FetchContentItemsDto } from './dto/fetch-content-items.dto';

/** Admin reads of items: the list and one item, as AdminItemView (series, tiers and labels loaded per page). */
@Service()
export class AdminContentItemsService {
  constructor(
    private readonly rows: AdminContentItemsRepository,
    private readonly details: ContentItemDetailsService,
  ) {}

  async list(query: FetchContentItemsDto): Promise<Page<AdminItemView>> {
    const { ids, count } = await this.rows.list(query);
    const items = await this.rows.byIds(ids);
    const details = await this.details.of(items);
    const views = items.flatMap((item) => {
      const itemDetails = details.get(item.id);
      return itemDetails ? [toAdminItemView(item, itemDetails)] : [];
    });
    return toPage(views, count, query);
  }

  async get(id: number): Promise<AdminItemView> {
    return this.view(await this.rows.requireItem(id));
  }

  /** The admin view of a loaded item; inside a write, pass its transaction. */
  async view(item: ContentItemModel, tx?: Transaction): Promise<AdminItemView> {
    return toAdminItemView(item, await this.details.ofOne(item, tx));
  }
}
