import { sqlMigration } from './migration';

/**
 * Subscriptions (learning-commerce.md: "Subscription catalog", "Subscriptions (customer)",
 * "Subscriptions (admin)", "States and transitions → Subscriptions").
 *
 * - Catalog: module → tiers (tier hierarchy through parent_tier_id, within one module) → exactly
 *   one plan per tier (unique tier_id) → prices and features. Slugs are written once, from the
 *   name (stable across renames); module slugs are unique, tier slugs unique within their module.
 *   Catalog rows referenced by subscriptions cannot be deleted (ON DELETE RESTRICT everywhere).
 * - A subscription is a window [starts_at, ends_at) of one plan for one user. Stored statuses:
 *   pending_payment (a purchase awaiting its payment; no window yet), trial, active, revoked
 *   (revoked_at ends it at once), payment_failed. `expired` is never stored: it is a trial or
 *   active subscription whose ends_at has passed, computed at read time.
 * - Two windows of the same user and module that give access (trial, active) never overlap: an
 *   exclusion constraint over tstzrange(starts_at, ends_at), so no race can create a second live
 *   subscription. Converting a trial ends it at the moment the new window starts.
 * - One trial per (user, module) for life: a unique index over the trial rows, which are never
 *   deleted or moved to another module (a plan change does not reset it).
 * - History is append-only (forbid_rewrite from 0006).
 */
export default sqlMigration(
  '0007-subscriptions',
  `
  CREATE EXTENSION IF NOT EXISTS btree_gist;

  CREATE TABLE subscription_modules (
    id           uuid PRIMARY KEY,
    name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    slug         text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    description  text CHECK (length(description) <= 5000),
    icon         text CHECK (length(icon) <= 500),
    is_active    boolean NOT NULL DEFAULT true,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subscription_modules_slug_key UNIQUE (slug)
  );

  CREATE TABLE subscription_tiers (
    id              uuid PRIMARY KEY,
    module_id       uuid NOT NULL REFERENCES subscription_modules (id) ON DELETE RESTRICT,
    name            text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    slug            text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    description     text CHECK (length(description) <= 5000),
    display_order   integer NOT NULL DEFAULT 0,
    parent_tier_id  uuid,
    is_active       boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subscription_tiers_module_slug_key UNIQUE (module_id, slug),
    -- The target of the parent reference below: a parent is always a tier of the same module.
    CONSTRAINT subscription_tiers_id_module_key UNIQUE (id, module_id),
    CONSTRAINT subscription_tiers_parent_same_module FOREIGN KEY (parent_tier_id, module_id)
      REFERENCES subscription_tiers (id, module_id) ON DELETE RESTRICT,
    CONSTRAINT subscription_tiers_not_own_parent CHECK (parent_tier_id <> id)
  );
  CREATE INDEX subscription_tiers_parent_idx ON subscription_tiers (parent_tier_id) WHERE parent_tier_id IS NOT NULL;

  CREATE TABLE subscription_plans (
    id                 uuid PRIMARY KEY,
    tier_id            uuid NOT NULL REFERENCES subscription_tiers (id) ON DELETE RESTRICT,
    name               text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    description        text CHECK (length(description) <= 5000),
    trial_days         integer NOT NULL DEFAULT 0 CHECK (trial_days BETWEEN 0 AND 365),
    trial_requires_cc  boolean NOT NULL DEFAULT false,
    is_active          boolean NOT NULL DEFAULT true,
    display_order      integer NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    -- Exactly one plan per tier (SUBSCRIPTION_PLAN_EXISTS).
    CONSTRAINT subscription_plans_tier_key UNIQUE (tier_id)
  );

  CREATE TABLE subscription_plan_prices (
    id             uuid PRIMARY KEY,
    plan_id        uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE CASCADE,
    label          text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 200),
    duration_days  integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3660),
    mrp_npr        numeric(12, 2) NOT NULL CHECK (mrp_npr >= 0),
    sp_npr         numeric(12, 2) NOT NULL CHECK (sp_npr >= 0),
    is_base        boolean NOT NULL DEFAULT false,
    is_featured    boolean NOT NULL DEFAULT false,
    is_active      boolean NOT NULL DEFAULT true,
    display_order  integer NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    -- SUBSCRIPTION_PRICE_INVALID: the selling price never exceeds the list price.
    CONSTRAINT subscription_plan_prices_sp_within_mrp CHECK (sp_npr <= mrp_npr)
  );
  CREATE INDEX subscription_plan_prices_plan_idx ON subscription_plan_prices (plan_id);
  -- At most one base price per plan (the one a custom-length grant is valued at).
  CREATE UNIQUE INDEX subscription_plan_prices_one_base ON subscription_plan_prices (plan_id) WHERE is_base;

  CREATE TABLE subscription_plan_features (
    id               uuid PRIMARY KEY,
    plan_id          uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE CASCADE,
    module_id        uuid NOT NULL REFERENCES subscription_modules (id) ON DELETE RESTRICT,
    feature_key      text NOT NULL CHECK (feature_key ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'),
    feature_text     text NOT NULL CHECK (length(btrim(feature_text)) BETWEEN 1 AND 500),
    feature_details  text CHECK (length(feature_details) <= 5000),
    value            text CHECK (length(value) <= 200),
    icon             text CHECK (length(icon) <= 500),
    display_order    integer NOT NULL DEFAULT 0,
    enabled          boolean NOT NULL DEFAULT true,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    -- SUBSCRIPTION_FEATURE_KEY_DUPLICATE.
    CONSTRAINT subscription_plan_features_plan_key UNIQUE (plan_id, feature_key)
  );
  CREATE INDEX subscription_plan_features_key_idx ON subscription_plan_features (feature_key);

  CREATE TABLE subscriptions (
    id                   uuid PRIMARY KEY,
    user_id              uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    module_id            uuid NOT NULL REFERENCES subscription_modules (id) ON DELETE RESTRICT,
    plan_id              uuid NOT NULL REFERENCES subscription_plans (id) ON DELETE RESTRICT,
    plan_price_id        uuid REFERENCES subscription_plan_prices (id) ON DELETE RESTRICT,
    status               text NOT NULL CHECK (status IN ('pending_payment', 'trial', 'active', 'revoked', 'payment_failed')),
    source               text NOT NULL CHECK (source IN ('trial', 'admin_grant', 'purchase')),
    starts_at            timestamptz,
    ends_at              timestamptz,
    -- What the window is worth in NPR: the price paid (purchase), the grant's price-equivalent
    -- (admin grant; analytics), 0 for a trial.
    value_npr            numeric(12, 2) NOT NULL DEFAULT 0 CHECK (value_npr >= 0),
    payment_reference    text CHECK (length(payment_reference) <= 200),
    granted_by_admin_id  text,
    revoked_at           timestamptz,
    revoked_by_admin_id  text,
    -- The trial this subscription converted (ended when this one started).
    converted_from_id    uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subscriptions_window CHECK (
      (status IN ('pending_payment', 'payment_failed') AND starts_at IS NULL AND ends_at IS NULL)
      OR (status IN ('trial', 'active', 'revoked') AND starts_at IS NOT NULL AND ends_at IS NOT NULL AND ends_at > starts_at)),
    CONSTRAINT subscriptions_revoked CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
    CONSTRAINT subscriptions_trial_source CHECK (status <> 'trial' OR source = 'trial'),
    CONSTRAINT subscriptions_grant_by_admin CHECK ((source = 'admin_grant') = (granted_by_admin_id IS NOT NULL)),
    CONSTRAINT subscriptions_pending_is_purchase CHECK (status NOT IN ('pending_payment', 'payment_failed') OR source = 'purchase'),
    CONSTRAINT subscriptions_no_overlap EXCLUDE USING gist (
      user_id WITH =, module_id WITH =, tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status IN ('trial', 'active'))
  );
  CREATE UNIQUE INDEX subscriptions_one_trial_per_module ON subscriptions (user_id, module_id) WHERE source = 'trial';
  CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
  CREATE INDEX subscriptions_module_idx ON subscriptions (module_id, status);
  CREATE INDEX subscriptions_plan_idx ON subscriptions (plan_id);
  CREATE INDEX subscriptions_price_idx ON subscriptions (plan_price_id) WHERE plan_price_id IS NOT NULL;
  CREATE INDEX subscriptions_created_idx ON subscriptions (created_at DESC, id DESC);

  CREATE TABLE subscription_history (
    id               bigserial PRIMARY KEY,
    subscription_id  uuid NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    action           text NOT NULL CHECK (action IN (
                       'trial_started', 'granted', 'extended', 'revoked', 'converted',
                       'purchase_created', 'activated', 'payment_failed', 'rescheduled')),
    actor_type       text NOT NULL CHECK (actor_type IN ('customer', 'admin', 'system')),
    actor_id         text,
    old_status       text,
    new_status       text NOT NULL,
    old_ends_at      timestamptz,
    new_ends_at      timestamptz,
    note             text CHECK (length(note) <= 1000),
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT subscription_history_actor CHECK ((actor_type = 'system') = (actor_id IS NULL))
  );
  CREATE INDEX subscription_history_subscription_idx ON subscription_history (subscription_id, id);
  CREATE TRIGGER subscription_history_append_only BEFORE UPDATE OR DELETE ON subscription_history
    FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION forbid_rewrite();
  `,
  `
  DROP TABLE subscription_history;
  DROP TABLE subscriptions;
  DROP TABLE subscription_plan_features;
  DROP TABLE subscription_plan_prices;
  DROP TABLE subscription_plans;
  DROP TABLE subscription_tiers;
  DROP TABLE subscription_modules;
  `,
);
