/**
 * The users holding a content tier at `:now`, one row per user: `premium` when any live window's
 * tier or an ancestor tier has the slug `premium`, else `basic` (EntitlementService.at's rule, on
 * ENTITLEMENT_WINDOWS_SQL's windows: trial, active, and revoked up to its revocation, live when
 * starts_at <= now < end), with the latest end among the live windows that give that tier
 * (`validUntil`). `:heldTiers` (a text[] literal) keeps the rows whose tier it names; `:after` (a
 * uuid; NIL_USER_ID for all) the users after it. Joined with the user's name and email. The caller
 * adds WHERE, ORDER BY and LIMIT on the `holders` columns.
 */
export const CONTENT_TIER_HOLDERS_CTE = `
  WITH RECURSIVE premium_tiers AS (
    SELECT id, 0 AS depth FROM subscription_tiers WHERE slug = 'premium'
    UNION
    SELECT t.id, p.depth + 1 FROM premium_tiers p JOIN subscription_tiers t ON t.parent_tier_id = p.id WHERE p.depth < 16
  ), live AS (
    SELECT s.user_id, pl.tier_id IN (SELECT id FROM premium_tiers) AS premium,
           CASE WHEN s.status = 'revoked' THEN LEAST(s.ends_at, s.revoked_at) ELSE s.ends_at END AS to_at
    FROM subscriptions s
    JOIN subscription_plans pl ON pl.id = s.plan_id
    WHERE s.status IN ('trial', 'active', 'revoked') AND s.starts_at <= :now AND s.user_id > CAST(:after AS uuid)
  ), by_user AS (
    SELECT user_id, bool_or(premium) AS premium, max(to_at) FILTER (WHERE premium) AS premium_until, max(to_at) AS any_until
    FROM live WHERE to_at > :now
    GROUP BY user_id
  ), holders AS (
    SELECT b.user_id, u.full_name, u.email,
           CASE WHEN b.premium THEN 'premium' ELSE 'basic' END AS tier,
           CASE WHEN b.premium THEN b.premium_until ELSE b.any_until END AS valid_until
    FROM by_user b JOIN users u ON u.id = b.user_id
    WHERE (CASE WHEN b.premium THEN 'premium' ELSE 'basic' END) = ANY(CAST(:heldTiers AS text[]))
  )`;

/** The `:after` that starts from the first user. */
export const NIL_USER_ID = '00000000-0000-0000-0000-000000000000';

/** A page of holders in user id order after `:after` (keyset), at most `:limit`. */
export const CONTENT_TIER_HOLDERS_PAGE_SQL = `${CONTENT_TIER_HOLDERS_CTE}
  SELECT user_id AS "userId", full_name AS "name", email, tier, valid_until AS "validUntil"
  FROM holders ORDER BY user_id LIMIT :limit`;
