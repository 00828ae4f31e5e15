import { sqlMigration } from './migration';

/**
 * Newsletter content, part 1 (community-content-uploads.md "Newsletter content", "Newsletter item",
 * "Entitlement"; CONTRACT section 10; issue 24):
 *
 * - `content_categories`, `content_tags`: what items are filed under (unknown ids are 404
 *   CONTENT_CATEGORY_NOT_FOUND / TAG_NOT_FOUND); an item has at most one category and any tags.
 * - `content_series` and `content_items`, each with a slug history: a former slug keeps resolving to
 *   the same row and is never taken by another (one key over current and former slugs is kept by
 *   SlugHistory; the primary keys here refuse a former slug twice).
 * - An item's status carries exactly its times: `published_at` only while published (a republish
 *   stamps it anew), `scheduled_at` always while scheduled, `archived_at` only while archived.
 *   The scheduler flips due `scheduled` rows to `published` in one UPDATE, so two job runners
 *   publish an item once.
 * - `content_tier_rules`: the tier a series or an item requires, one rule per series and per item;
 *   an item's rule wins over its series' (no rule at either: free). `{ tier: null }` removes the
 *   rule at that level.
 * - `content_featured`: entries pointing at items, with an optional window (start not after end)
 *   and a display order.
 */
const UP = `
  CREATE TABLE content_categories (
    id         serial PRIMARY KEY,
    name       text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
    slug       text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_categories_slug_key UNIQUE (slug)
  );

  CREATE TABLE content_tags (
    id         serial PRIMARY KEY,
    name       text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
    slug       text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_tags_slug_key UNIQUE (slug)
  );

  CREATE TABLE content_series (
    id                  serial PRIMARY KEY,
    title               text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
    slug                text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    description         text CHECK (char_length(description) <= 5000),
    status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
    created_by_admin_id text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_series_slug_key UNIQUE (slug)
  );
  CREATE INDEX content_series_active_idx ON content_series (created_at DESC, id DESC) WHERE status = 'active';

  CREATE TABLE content_series_slug_history (
    slug       text PRIMARY KEY,
    series_id  integer NOT NULL REFERENCES content_series (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX content_series_slug_history_series_idx ON content_series_slug_history (series_id);

  CREATE TABLE content_items (
    id                  serial PRIMARY KEY,
    series_id           integer NOT NULL REFERENCES content_series (id) ON DELETE RESTRICT,
    content_type        text NOT NULL DEFAULT 'newsletter' CHECK (content_type = 'newsletter'),
    title               text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
    slug                text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    summary             text CHECK (char_length(summary) <= 1000),
    body                text NOT NULL CHECK (char_length(btrim(body)) BETWEEN 1 AND 200000),
    status              text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published', 'archived')),
    scheduled_at        timestamptz,
    published_at        timestamptz,
    archived_at         timestamptz,
    category_id         integer REFERENCES content_categories (id) ON DELETE SET NULL,
    created_by_admin_id text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    updated_by_admin_id text CHECK (length(updated_by_admin_id) BETWEEN 1 AND 255),
    search_vector       tsvector GENERATED ALWAYS AS (
                          setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', coalesce(summary, '')), 'B')
                        ) STORED,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_items_slug_key UNIQUE (slug),
    CONSTRAINT content_items_published_at CHECK ((status = 'published') = (published_at IS NOT NULL)),
    CONSTRAINT content_items_scheduled_at CHECK (status <> 'scheduled' OR scheduled_at IS NOT NULL),
    CONSTRAINT content_items_archived_at CHECK ((status = 'archived') = (archived_at IS NOT NULL))
  );
  CREATE INDEX content_items_published_idx ON content_items (published_at DESC, id DESC) WHERE status = 'published';
  CREATE INDEX content_items_series_published_idx ON content_items (series_id, published_at DESC, id DESC) WHERE status = 'published';
  CREATE INDEX content_items_series_idx ON content_items (series_id);
  CREATE INDEX content_items_due_idx ON content_items (scheduled_at) WHERE status = 'scheduled';
  CREATE INDEX content_items_category_idx ON content_items (category_id) WHERE category_id IS NOT NULL;
  CREATE INDEX content_items_search_idx ON content_items USING gin (search_vector);

  CREATE TABLE content_item_slug_history (
    slug       text PRIMARY KEY,
    item_id    integer NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX content_item_slug_history_item_idx ON content_item_slug_history (item_id);

  CREATE TABLE content_item_tags (
    item_id integer NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
    tag_id  integer NOT NULL REFERENCES content_tags (id) ON DELETE CASCADE,
    PRIMARY KEY (item_id, tag_id)
  );
  CREATE INDEX content_item_tags_tag_idx ON content_item_tags (tag_id, item_id);

  CREATE TABLE content_tier_rules (
    id              serial PRIMARY KEY,
    series_id       integer REFERENCES content_series (id) ON DELETE CASCADE,
    item_id         integer REFERENCES content_items (id) ON DELETE CASCADE,
    tier            text NOT NULL CHECK (tier IN ('basic', 'premium')),
    set_by_admin_id text NOT NULL CHECK (length(set_by_admin_id) BETWEEN 1 AND 255),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_tier_rules_one_target CHECK (num_nonnulls(series_id, item_id) = 1),
    CONSTRAINT content_tier_rules_series_key UNIQUE (series_id),
    CONSTRAINT content_tier_rules_item_key UNIQUE (item_id)
  );

  CREATE TABLE content_featured (
    id                  serial PRIMARY KEY,
    content_item_id     integer NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
    start_date          timestamptz,
    end_date            timestamptz,
    display_order       integer NOT NULL DEFAULT 0 CHECK (display_order >= 0),
    created_by_admin_id text NOT NULL CHECK (length(created_by_admin_id) BETWEEN 1 AND 255),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT content_featured_window CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
  );
  CREATE INDEX content_featured_order_idx ON content_featured (display_order, id);
  CREATE INDEX content_featured_item_idx ON content_featured (content_item_id);
`;

const DOWN = `
  DROP TABLE content_featured;
  DROP TABLE content_tier_rules;
  DROP TABLE content_item_tags;
  DROP TABLE content_item_slug_history;
  DROP TABLE content_items;
  DROP TABLE content_series_slug_history;
  DROP TABLE content_series;
  DROP TABLE content_tags;
  DROP TABLE content_categories;
`;

export default sqlMigration('0019-newsletter-content', UP, DOWN);
