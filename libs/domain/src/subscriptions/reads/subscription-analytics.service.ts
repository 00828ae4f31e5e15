import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { Clock } from '../../shared';
import { SubscriptionModuleNotFound } from '../subscriptions.errors';
import { EFFECTIVE_STATUS_SQL, SUBSCRIPTION_STATUSES, SubscriptionStatus } from '../subscription-status';

/** The figures of one plan, one module or all of them, at the instant `asOf`. */
export interface SubscriptionMetrics {
  /** Every subscription row, whatever its status. */
  subscriptions: number;
  /** Rows by effective status at `asOf` (SUBSCRIPTION_STATUSES; every status present, 0 when none). */
  byStatus: Record<SubscriptionStatus, number>;
  /** Trial rows (one per user and module for life). */
  trialsStarted: number;
  /** Trials followed, in the same module, by an activated purchase or a standing grant within TRIAL_CONVERSION_WINDOW_DAYS of their end. */
  trialsConverted: number;
  /** trialsConverted / trialsStarted, 4 decimals; 0 when no trial started. */
  conversionRate: number;
  /** Admin grant rows, revoked ones included. */
  grants: number;
  /** Sum of value_npr of every admin grant, revoked ones included. */
  grantRevenueEquivalentNpr: number;
  /** The part of grantRevenueEquivalentNpr whose grants were revoked since. */
  revokedGrantValueNpr: number;
  /** Sum of value_npr of purchases that were activated (active, expired, scheduled or revoked since). */
  purchaseRevenueNpr: number;
}

export interface SubscriptionAnalyticsView {
  asOf: string;
  /** The module filter, or null for every module. */
  moduleId: string | null;
  totals: SubscriptionMetrics;
  modules: Array<{
    id: string;
    name: string;
    slug: string;
    metrics: SubscriptionMetrics;
    plans: Array<{ id: string; name: string; tierId: string; tierName: string; tierSlug: string; metrics: SubscriptionMetrics }>;
  }>;
}

/** A grant or purchase starting later than this after a trial ended is not that trial's conversion. */
export const TRIAL_CONVERSION_WINDOW_DAYS = 30;

/**
 * Each subscription with its effective status at :now and whether it is a converted trial: a
 * trial whose user has, in the same module, an activated purchase (stored active or revoked: it
 * reached active) or a standing admin grant (a revoked grant converted nobody) that converted it
 * directly (converted_from_id) or starts between the trial's start and TRIAL_CONVERSION_WINDOW_DAYS
 * after its end, so a purchase soon after an expired trial counts and one a year later does not.
 */
const SCOPED = (moduleCondition: string) => `
  SELECT s.module_id, s.plan_id, s.source, s.status, s.value_npr,
    ${EFFECTIVE_STATUS_SQL} AS effective,
    (s.source = 'trial' AND EXISTS (
      SELECT 1 FROM subscriptions x
      WHERE x.user_id = s.user_id AND x.module_id = s.module_id
        AND ((x.source = 'purchase' AND x.status IN ('active', 'revoked')) OR (x.source = 'admin_grant' AND x.status = 'active'))
        AND (x.converted_from_id = s.id
          OR x.starts_at BETWEEN s.starts_at AND s.ends_at + make_interval(days => ${TRIAL_CONVERSION_WINDOW_DAYS}))))
      AS converted
  FROM subscriptions s
  WHERE ${moduleCondition}`;

/** One row per (module, plan), per module and overall (GROUPING SETS): one pass over the rows. */
const METRICS_SQL = (moduleCondition: string) => `
  SELECT module_id AS "moduleId", plan_id AS "planId", GROUPING(module_id, plan_id) AS "level",
    count(*)::int AS "subscriptions",
    ${SUBSCRIPTION_STATUSES.map((status) => `count(*) FILTER (WHERE effective = '${status}')::int AS "${status}"`).join(',\n    ')},
    count(*) FILTER (WHERE source = 'trial')::int AS "trialsStarted",
    count(*) FILTER (WHERE converted)::int AS "trialsConverted",
    count(*) FILTER (WHERE source = 'admin_grant')::int AS "grants",
    coalesce(sum(value_npr) FILTER (WHERE source = 'admin_grant'), 0) AS "grantRevenueEquivalentNpr",
    coalesce(sum(value_npr) FILTER (WHERE source = 'admin_grant' AND status = 'revoked'), 0) AS "revokedGrantValueNpr",
    coalesce(sum(value_npr) FILTER (WHERE source = 'purchase' AND status IN ('active', 'revoked')), 0) AS "purchaseRevenueNpr"
  FROM (${SCOPED(moduleCondition)}) scoped
  GROUP BY GROUPING SETS ((module_id, plan_id), (module_id), ())`;

/** Every module (or the one asked for) with its tiers' plans, so that plans without subscriptions show zeros. */
const CATALOG_SQL = (moduleCondition: string) => `
  SELECT m.id AS "moduleId", m.name AS "moduleName", m.slug AS "moduleSlug",
    p.id AS "planId", p.name AS "planName", t.id AS "tierId", t.name AS "tierName", t.slug AS "tierSlug"
  FROM subscription_modules m
  LEFT JOIN subscription_tiers t ON t.module_id = m.id
  LEFT JOIN subscription_plans p ON p.tier_id = t.id
  WHERE ${moduleCondition}
  ORDER BY m.name, m.id, t.display_order, t.name, t.id`;

type MetricsRow = { moduleId: string | null; planId: string | null; level: number; subscriptions: number } & Record<string, number | string>;
interface CatalogRow {
  moduleId: string;
  moduleName: string;
  moduleSlug: string;
  planId: string | null;
  planName: string | null;
  tierId: string | null;
  tierName: string | null;
  tierSlug: string | null;
}

/**
 * GET /api/admin/subscriptions/analytics: subscription figures per module and per plan, and their
 * totals, at the current instant (two grouped queries, whatever the number of rows).
 */
@Service()
export class SubscriptionAnalyticsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async analytics(query: { moduleId?: string }): Promise<SubscriptionAnalyticsView> {
    const now = this.clock.now();
    const moduleId = query.moduleId ?? null;
    const replacements = { now, moduleId };
    const [catalog, metrics] = await Promise.all([
      this.select<CatalogRow>(CATALOG_SQL(moduleId ? 'm.id = :moduleId' : 'TRUE'), replacements),
      this.select<MetricsRow>(METRICS_SQL(moduleId ? 's.module_id = :moduleId' : 'TRUE'), replacements),
    ]);
    if (moduleId && catalog.length === 0) throw SubscriptionModuleNotFound();

    const byKey = new Map(metrics.map((row) => [`${row.level}:${row.moduleId ?? ''}:${row.planId ?? ''}`, toMetrics(row)]));
    // GROUPING(module_id, plan_id): 0 for (module, plan), 1 for the module, 3 for the total.
    const find = (level: number, moduleId = '', planId = '') => byKey.get(`${level}:${moduleId}:${planId}`) ?? emptyMetrics();

    const modules: SubscriptionAnalyticsView['modules'] = [];
    for (const row of catalog) {
      let module = modules[modules.length - 1];
      if (!module || module.id !== row.moduleId) {
        module = { id: row.moduleId, name: row.moduleName, slug: row.moduleSlug, metrics: find(1, row.moduleId), plans: [] };
        modules.push(module);
      }
      if (row.planId) {
        module.plans.push({
          id: row.planId,
          name: row.planName as string,
          tierId: row.tierId as string,
          tierName: row.tierName as string,
          tierSlug: row.tierSlug as string,
          metrics: find(0, row.moduleId, row.planId),
        });
      }
    }
    return { asOf: now.toISOString(), moduleId, totals: find(3), modules };
  }

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }
}

function toMetrics(row: MetricsRow): SubscriptionMetrics {
  const trialsStarted = Number(row['trialsStarted']);
  const trialsConverted = Number(row['trialsConverted']);
  return {
    subscriptions: Number(row.subscriptions),
    byStatus: Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, Number(row[status])])) as Record<SubscriptionStatus, number>,
    trialsStarted,
    trialsConverted,
    conversionRate: trialsStarted === 0 ? 0 : Math.round((trialsConverted / trialsStarted) * 10_000) / 10_000,
    grants: Number(row['grants']),
    grantRevenueEquivalentNpr: Number(row['grantRevenueEquivalentNpr']),
    revokedGrantValueNpr: Number(row['revokedGrantValueNpr']),
    purchaseRevenueNpr: Number(row['purchaseRevenueNpr']),
  };
}

function emptyMetrics(): SubscriptionMetrics {
  return {
    subscriptions: 0,
    byStatus: Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<SubscriptionStatus, number>,
    trialsStarted: 0,
    trialsConverted: 0,
    conversionRate: 0,
    grants: 0,
    grantRevenueEquivalentNpr: 0,
    revokedGrantValueNpr: 0,
    purchaseRevenueNpr: 0,
  };
}
