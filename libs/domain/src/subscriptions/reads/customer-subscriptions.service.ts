import { Service } from 'typedi';
import { Clock, CustomerActor } from '../../shared';
import { effectiveStatusCondition } from '../subscription-status';
import {
  SubscriptionAccessView,
  SubscriptionDetailView,
  SubscriptionReader,
  SubscriptionView,
  toAccessView,
  toSubscriptionView,
} from '../views';

/**
 * The customer's own subscription reads (learning-commerce.md, "Subscriptions (customer)"). Every
 * read takes the customer: another customer's subscription is not found (CONTRACT section 4).
 * Statuses and `isActive` are computed from the window at the Clock's now, never stored.
 */
@Service()
export class CustomerSubscriptionsService {
  constructor(
    private readonly reader: SubscriptionReader,
    private readonly clock: Clock,
  ) {}

  /**
   * GET /api/subscriptions/access: the non-revoked access rows (stored trial or active, so expired
   * and scheduled windows too), newest first.
   */
  async access(customer: CustomerActor): Promise<SubscriptionAccessView[]> {
    const now = this.clock.now();
    const rows = await this.reader.accessRows(customer.id);
    return rows.map((row) => toAccessView(row, now));
  }

  /** GET /api/subscriptions: the subscriptions whose effective status is active or trial, newest first. */
  async list(customer: CustomerActor): Promise<SubscriptionView[]> {
    const now = this.clock.now();
    const where = `s.user_id = :userId AND (${effectiveStatusCondition('active')} OR ${effectiveStatusCondition('trial')})`;
    const rows = await this.reader.rows(where, { userId: customer.id, now });
    return rows.map((row) => toSubscriptionView(row, now));
  }

  /** GET /api/subscriptions/:id: 404 SUBSCRIPTION_NOT_FOUND for an unknown, malformed or foreign id. */
  get(customer: CustomerActor, id: string): Promise<SubscriptionDetailView> {
    return this.reader.detail(id, { userId: customer.id });
  }
}
