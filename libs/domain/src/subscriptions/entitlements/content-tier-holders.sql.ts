/** Tiers that give `premium`: the tier with that slug and its descendants (EntitlementService.at's rule). */
const PREMIUM_TIERS = `premium_tiers AS (
    SELECT id, 0 AS depth FROM subscription_tiers WHERE slug = 'premium'
    UNION
    SELECT t.id, p.depth + 1 FROM premium_tiers p JOIN subscription_tiers t ON t.parent_tier_id = p.id WHERE p.depth < 16
  )`;

/** When a window of `s` ends: revoked ones at their revocation if that came first. */
const WINDOW_END = `CASE WHEN s.status = 'revoked' THEN LEAST(s.ends_at, s.revoked_at) ELSE s.ends_at END`;

/**
 * The holders among the users `users` (a condition on `s.user_id`): each user's live windows,
 * aggregated into one row per user with the tier and its latest end, kept when `:heldTiers` names
 * the tier, joined with the user's name and email.
 */
const holdersAmong = (users: string) => `live AS (
    SELECT s.user_id, pl.tier_id IN (SELECT id FROM premium_tiers) AS premium, ${WINDOW_END} AS to_at
    FROM subscriptions s
    JOIN subscription_plans pl ON pl.id = s.plan_id
    WHERE s.status IN ('trial', 'active', 'revoked') AND s.starts_at <= :now AND ${users}
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
  WITH RECURSIVE ${PREMIUM_TIERS}, ${holdersAmong('s.user_id > CAST(:after AS uuid)')}`;

/** The `:after` that starts from the first user. */
export const NIL_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A page of holders in user id order after `:after` (keyset), at most `:limit`, as
 * CONTENT_TIER_HOLDERS_CTE names them. The page's users are picked first, in user id order off the
 * subscriptions' user index, and only their windows are aggregated: a send's pages each read their
 * own users, not every user after the cursor.
 *
 * A user is on the page when one live window by itself gives a tier `:heldTiers` names. That is
 * exactly the holders when `:heldTiers` is closed upward (naming basic, it names premium too), as
 * contentTiersSatisfying's sets are: the user's tier is the highest their live windows give.
 */
export const CONTENT_TIER_HOLDERS_PAGE_SQL = `
  WITH RECURSIVE ${PREMIUM_TIERS}, premium_plans AS (
    SELECT id FROM subscription_plans WHERE tier_id IN (SELECT id FROM premium_tiers)
  ), page_users AS (
    SELECT DISTINCT s.user_id
    FROM subscriptions s
    WHERE s.user_id > CAST(:after AS uuid) AND s.status IN ('trial', 'active', 'revoked') AND s.starts_at <= :now
      -- WINDOW_END > :now, split so the planner can estimate it (revoked_at is set exactly on revoked rows)
      AND s.ends_at > :now AND (s.revoked_at IS NULL OR s.revoked_at > :now)
      AND ('basic' = ANY(CAST(:heldTiers AS text[])) OR s.plan_id IN (SELECT id FROM premium_plans))
    ORDER BY s.user_id LIMIT :limit
  ), ${holdersAmong('s.user_id IN (SELECT user_id FROM page_users)')}
  SELECT user_id AS "userId", full_name AS "name", email, tier, valid_until AS "validUntil"
  FROM holders ORDER BY user_id LIMIT :limit`;
