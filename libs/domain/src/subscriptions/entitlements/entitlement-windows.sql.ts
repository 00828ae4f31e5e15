/**
 * Every window during which the user held a plan, with the feature keys it gave and its content
 * tier. A window is a subscription in trial or active status, or a revoked one up to its
 * revocation; expired windows stay in (they are history for channel visibility). A plan gives
 * its own enabled features and those of the plans of every ancestor tier (parent_tier_id): a
 * premium tier includes what its parent basic tier includes. The content tier is `premium` when
 * the tier or an ancestor has the slug `premium`, else `basic` (CONTRACT section 7). The ancestor
 * walk stops at depth 16, so even a cycle written around the service cannot loop.
 */
export const ENTITLEMENT_WINDOWS_SQL = `
  WITH RECURSIVE windows AS (
    SELECT s.id, s.module_id, s.plan_id, p.tier_id, s.starts_at AS from_at,
           CASE WHEN s.status = 'revoked' THEN LEAST(s.ends_at, s.revoked_at) ELSE s.ends_at END AS to_at
    FROM subscriptions s
    JOIN subscription_plans p ON p.id = s.plan_id
    WHERE s.user_id = :userId AND s.status IN ('trial', 'active', 'revoked')
  ), lineage AS (
    SELECT w.id AS subscription_id, t.id AS tier_id, t.parent_tier_id, t.slug, 0 AS depth
    FROM windows w JOIN subscription_tiers t ON t.id = w.tier_id
    UNION ALL
    SELECT l.subscription_id, t.id, t.parent_tier_id, t.slug, l.depth + 1
    FROM lineage l JOIN subscription_tiers t ON t.id = l.parent_tier_id
    WHERE l.depth < 16
  )
  SELECT w.id AS "subscriptionId", w.module_id AS "moduleId", w.plan_id AS "planId",
         w.from_at AS "from", w.to_at AS "to",
         bool_or(l.slug = 'premium') AS premium,
         coalesce(array_agg(DISTINCT f.feature_key) FILTER (WHERE f.feature_key IS NOT NULL), '{}') AS "featureKeys"
  FROM windows w
  JOIN lineage l ON l.subscription_id = w.id
  LEFT JOIN subscription_plans lp ON lp.tier_id = l.tier_id
  LEFT JOIN subscription_plan_features f ON f.plan_id = lp.id AND f.enabled
  WHERE w.to_at > w.from_at
  GROUP BY w.id, w.module_id, w.plan_id, w.from_at, w.to_at
  ORDER BY w.from_at, w.id`;

/**
 * The tiers whose plans give `:featureKey`: tiers with a plan that has it enabled, and their
 * descendant tiers (a premium tier includes its parent basic tier's features), to depth 16.
 */
const GRANTING_TIERS_CTE = `
  granting_tiers AS (
    SELECT p.tier_id, 0 AS depth
    FROM subscription_plan_features f JOIN subscription_plans p ON p.id = f.plan_id
    WHERE f.feature_key = :featureKey AND f.enabled
    UNION
    SELECT t.id, g.depth + 1
    FROM granting_tiers g JOIN subscription_tiers t ON t.parent_tier_id = g.tier_id
    WHERE g.depth < 16
  )`;

/**
 * The users holding `:featureKey` at `:now` (push and email audiences): live windows whose plan,
 * or a plan of one of its ancestor tiers, has the feature enabled.
 */
export const FEATURE_HOLDERS_SQL = `
  WITH RECURSIVE ${GRANTING_TIERS_CTE}
  SELECT DISTINCT s.user_id AS "userId"
  FROM subscriptions s
  JOIN subscription_plans p ON p.id = s.plan_id
  WHERE p.tier_id IN (SELECT tier_id FROM granting_tiers)
    AND s.status IN ('trial', 'active') AND s.starts_at <= :now AND s.ends_at > :now
  ORDER BY 1`;

/**
 * The windows in which each of `:userIds` held `:featureKey` (a push fan-out's batch of members):
 * the same windows as ENTITLEMENT_WINDOWS_SQL (trial, active, revoked up to its revocation;
 * expired ones kept), restricted to plans whose tier or an ancestor tier has the feature
 * enabled, for many users in one query. Unmerged; EntitlementService merges them.
 */
export const FEATURE_WINDOWS_OF_USERS_SQL = `
  WITH RECURSIVE ${GRANTING_TIERS_CTE}, windows AS (
    SELECT s.user_id, s.starts_at AS from_at,
           CASE WHEN s.status = 'revoked' THEN LEAST(s.ends_at, s.revoked_at) ELSE s.ends_at END AS to_at
    FROM subscriptions s
    JOIN subscription_plans p ON p.id = s.plan_id
    WHERE s.user_id = ANY(CAST(:userIds AS uuid[])) AND s.status IN ('trial', 'active', 'revoked')
      AND p.tier_id IN (SELECT tier_id FROM granting_tiers)
  )
  SELECT user_id AS "userId", from_at AS "from", to_at AS "to" FROM windows
  WHERE to_at > from_at
  ORDER BY user_id, from_at`;
