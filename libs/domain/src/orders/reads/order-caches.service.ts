import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { OrderAdminCache } from './order-admin-cache.service';
import { OrderHistoryCache } from './order-history-cache.service';

/**
 * Every cached view of orders: the owner's history and the admin reads. Call `invalidate` for
 * every change of an order (state, items, notes); with a transaction it runs after commit.
 */
@Service()
export class OrderCaches {
  constructor(
    private readonly history: OrderHistoryCache,
    private readonly admin: OrderAdminCache,
  ) {}

  async invalidate(userId: string, tx?: Transaction): Promise<void> {
    await this.history.invalidate(userId, tx);
    await this.admin.invalidate(tx);
  }
}
