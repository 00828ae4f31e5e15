import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import {
  Database,
  preparedStatement,
  SubscriptionHistoryModel,
  SubscriptionPlanFeatureModel,
  SubscriptionPlanPriceModel,
  Transaction,
} from '@platform/db';
import { Clock } from '../../shared';
import { SubscriptionNotFound } from '../subscriptions.errors';
import {
  SubscriptionDetailView,
  SubscriptionRow,
  toFeatureView,
  toHistoryView,
  toPriceView,
  toSubscriptionView,
} from './subscription.views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The columns of SubscriptionRow over `subscriptions s` joined to its module, plan and tier. */
export const SUBSCRIPTION_COLUMNS = `
  s.id, s.user_id AS "userId", s.status, s.source, s.starts_at AS "startsAt", s.ends_at AS "endsAt",
  s.value_npr AS "valueNpr", s.plan_price_id AS "planPriceId", s.granted_by_admin_id AS "grantedByAdminId",
  s.revoked_at AS "revokedAt", s.revoked_by_admin_id AS "revokedByAdminId", s.converted_from_id AS "convertedFromId",
  s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  m.id AS "moduleId", m.name AS "moduleName", m.slug AS "moduleSlug",
  p.id AS "planId", p.name AS "planName",
  t.id AS "tierId", t.name AS "tierName", t.slug AS "tierSlug", t.parent_tier_id AS "tierParentId"`;

export const SUBSCRIPTION_FROM = `
  subscriptions s
  JOIN subscription_modules m ON m.id = s.module_id
  JOIN subscription_plans p ON p.id = s.plan_id
  JOIN subscription_tiers t ON t.id = p.tier_id`;

/** The customer's non-revoked access rows (stored trial or active), newest first: read on every gated request. */
const ACCESS_ROWS_SQL = preparedStatement(
  'subscription-access-rows',
  `SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM}
   WHERE s.user_id = :userId AND s.status IN ('trial', 'active')
   ORDER BY s.created_at DESC, s.id DESC`,
  { userId: 'uuid' },
);

/**
 * Loads subscription views. `userId` scopes a read to one customer: another customer's
 * subscription is not found (404 SUBSCRIPTION_NOT_FOUND), as an unknown id is, and admin notes
 * and admin ids are left out of what the customer sees.
 */
@Service()
export class SubscriptionReader {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Rows of SUBSCRIPTION_COLUMNS matching `where` (SQL over s, m, p, t) with its replacements. */
  rows(where: string, replacements: Record<string, unknown>, tail = 'ORDER BY s.created_at DESC, s.id DESC', tx?: Transaction): Promise<SubscriptionRow[]> {
    return this.db.sequelize.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM ${SUBSCRIPTION_FROM} WHERE ${where} ${tail}`, {
      replacements,
      type: QueryTypes.SELECT,
      transaction: tx,
    });
  }

  /** GET /api/subscriptions/access's rows, as a prepared statement (planned once per connection). */
  accessRows(userId: string): Promise<SubscriptionRow[]> {
    return this.db.prepared<SubscriptionRow>(ACCESS_ROWS_SQL, { userId });
  }

  async detail(id: string, scope: { userId?: string } = {}, tx?: Transaction): Promise<SubscriptionDetailView> {
    if (!isUuid(id)) throw SubscriptionNotFound();
    const where = scope.userId ? 's.id = :id AND s.user_id = :userId' : 's.id = :id';
    const [row] = await this.rows(where, { id, userId: scope.userId }, '', tx);
    if (!row) throw SubscriptionNotFound();
    const [prices, features, history] = await Promise.all([
      SubscriptionPlanPriceModel.findAll({ where: { planId: row.planId }, order: [['displayOrder', 'ASC'], ['durationDays', 'ASC'], ['id', 'ASC']], transaction: tx }),
      SubscriptionPlanFeatureModel.findAll({ where: { planId: row.planId }, order: [['displayOrder', 'ASC'], ['featureKey', 'ASC']], transaction: tx }),
      SubscriptionHistoryModel.findAll({ where: { subscriptionId: row.id }, order: [['id', 'ASC']], transaction: tx }),
    ]);
    const price = row.planPriceId ? prices.find((candidate) => candidate.id === row.planPriceId) : undefined;
    // A customer sees what happened, not the back office's notes or which admin did it.
    const forCustomer = scope.userId !== undefined;
    const entries = history.map(toHistoryView).map((entry) => (forCustomer ? { ...entry, actorId: entry.actorType === 'admin' ? null : entry.actorId, note: null } : entry));
    return {
      ...toSubscriptionView(row, this.clock.now()),
      tier: { id: row.tierId, name: row.tierName, slug: row.tierSlug, parentTierId: row.tierParentId },
      prices: prices.filter((candidate) => candidate.isActive).map(toPriceView),
      features: features.map(toFeatureView),
      price: price ? toPriceView(price) : null,
      history: entries,
      grantedByAdminId: forCustomer ? null : row.grantedByAdminId,
      revokedByAdminId: forCustomer ? null : row.revokedByAdminId,
    };
  }
}
