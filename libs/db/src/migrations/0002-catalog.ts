import { sqlMigration } from './migration';

/**
 * The catalog: sellable products (course, digital_book, training) with their course and book
 * details, promotion codes with race-free usage counting, and product_access, the entitlement
 * row every digital product shares. A course or book row can only point at a product of its own
 * type (composite foreign key on (id, type)).
 */
export default sqlMigration(
  '0002-catalog',
  `
  CREATE TABLE products (
    id           serial PRIMARY KEY,
    type         text NOT NULL CHECK (type IN ('course', 'digital_book', 'training')),
    title        text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    slug         text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    mrp_paisa    integer NOT NULL CHECK (mrp_paisa >= 0),
    sp_paisa     integer NOT NULL CHECK (sp_paisa >= 0),
    is_published boolean NOT NULL DEFAULT false,
    is_sellable  boolean NOT NULL DEFAULT true,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT products_sp_not_above_mrp CHECK (sp_paisa <= mrp_paisa),
    CONSTRAINT products_slug_key UNIQUE (slug),
    CONSTRAINT products_id_type_key UNIQUE (id, type)
  );
  CREATE INDEX products_storefront_idx ON products (type, created_at DESC) WHERE is_published AND is_sellable;

  -- Old slugs keep resolving after a rename; a slug is never reused by another product.
  CREATE TABLE product_slug_history (
    slug       text PRIMARY KEY,
    product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX product_slug_history_product_idx ON product_slug_history (product_id);

  CREATE TABLE courses (
    id            serial PRIMARY KEY,
    product_id    integer NOT NULL,
    product_type  text NOT NULL DEFAULT 'course' CHECK (product_type = 'course'),
    description   text CHECK (description IS NULL OR length(description) <= 20000),
    thumbnail_ref text,
    trailer_ref   text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT courses_product_id_key UNIQUE (product_id),
    CONSTRAINT courses_product_fk FOREIGN KEY (product_id, product_type)
      REFERENCES products (id, type) ON DELETE CASCADE
  );

  CREATE TABLE course_topics (
    id         serial PRIMARY KEY,
    course_id  integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    position   integer NOT NULL DEFAULT 0 CHECK (position >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT course_topics_id_course_key UNIQUE (id, course_id)
  );
  CREATE INDEX course_topics_course_idx ON course_topics (course_id, position);

  -- course_id is carried on the lesson so "is this lesson in that course" is one lookup; the
  -- composite foreign key keeps it equal to the topic's course.
  CREATE TABLE lessons (
    id                     serial PRIMARY KEY,
    course_id              integer NOT NULL,
    topic_id               integer NOT NULL,
    title                  text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    position               integer NOT NULL DEFAULT 0 CHECK (position >= 0),
    is_enabled             boolean NOT NULL DEFAULT true,
    is_free_preview        boolean NOT NULL DEFAULT false,
    video_duration_seconds integer CHECK (video_duration_seconds IS NULL OR video_duration_seconds > 0),
    video_key              text CHECK (video_key IS NULL OR video_key ~ '^uploads/'),
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT lessons_topic_fk FOREIGN KEY (topic_id, course_id)
      REFERENCES course_topics (id, course_id) ON DELETE CASCADE
  );
  CREATE INDEX lessons_topic_idx ON lessons (topic_id, position);
  CREATE INDEX lessons_course_idx ON lessons (course_id);

  CREATE TABLE digital_books (
    id           serial PRIMARY KEY,
    product_id   integer NOT NULL,
    product_type text NOT NULL DEFAULT 'digital_book' CHECK (product_type = 'digital_book'),
    description  text CHECK (description IS NULL OR length(description) <= 20000),
    author       text CHECK (author IS NULL OR length(author) <= 200),
    page_count   integer CHECK (page_count IS NULL OR page_count > 0),
    cover_ref    text,
    file_key     text CHECK (file_key IS NULL OR file_key ~ '^uploads/'),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT digital_books_product_id_key UNIQUE (product_id),
    CONSTRAINT digital_books_product_fk FOREIGN KEY (product_id, product_type)
      REFERENCES products (id, type) ON DELETE CASCADE
  );

  -- Codes are stored upper-case, so uniqueness and lookups are case-insensitive.
  CREATE TABLE promotions (
    id             serial PRIMARY KEY,
    code           text NOT NULL CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{3,50}$'),
    description    text CHECK (description IS NULL OR length(description) <= 500),
    discount_type  text NOT NULL CHECK (discount_type IN ('percent', 'fixed')),
    percent        integer,
    discount_paisa integer,
    -- RESTRICT: deleting a product must not silently delete a code customers may hold.
    product_id     integer REFERENCES products (id) ON DELETE RESTRICT,
    starts_at      timestamptz,
    ends_at        timestamptz,
    usage_limit    integer CHECK (usage_limit IS NULL OR usage_limit > 0),
    per_user_limit integer CHECK (per_user_limit IS NULL OR per_user_limit > 0),
    times_used     integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
    is_active      boolean NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT promotions_code_key UNIQUE (code),
    CONSTRAINT promotions_discount_shape CHECK (
      (discount_type = 'percent' AND percent BETWEEN 1 AND 100 AND discount_paisa IS NULL)
      OR (discount_type = 'fixed' AND discount_paisa > 0 AND percent IS NULL)),
    CONSTRAINT promotions_window CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at),
    CONSTRAINT promotions_usage_within_limit CHECK (usage_limit IS NULL OR times_used <= usage_limit)
  );

  -- One row per use of a code. \`reference\` names what used it (e.g. \`order:42\`), so applying the
  -- same code to the same order twice is one use; a released use no longer counts.
  CREATE TABLE promotion_redemptions (
    id             serial PRIMARY KEY,
    promotion_id   integer NOT NULL REFERENCES promotions (id) ON DELETE RESTRICT,
    user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reference      text NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
    discount_paisa integer NOT NULL CHECK (discount_paisa >= 0),
    released_at    timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT promotion_redemptions_reference_key UNIQUE (promotion_id, reference)
  );
  CREATE INDEX promotion_redemptions_user_idx ON promotion_redemptions (promotion_id, user_id) WHERE released_at IS NULL;

  -- The entitlement row shared by every digital product. One row per grant: a grant from an
  -- order exists once per (order, product), so a replayed payment callback cannot extend access
  -- again. order_id gets its foreign key when the orders table arrives.
  CREATE TABLE product_access (
    id                  serial PRIMARY KEY,
    user_id             uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id          integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    order_id            integer,
    granted_by_admin_id text,
    access_type         text NOT NULL CHECK (access_type IN ('lifetime', 'time_limited')),
    valid_until         timestamptz,
    is_revoked          boolean NOT NULL DEFAULT false,
    revoked_at          timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT product_access_validity CHECK (
      (access_type = 'lifetime' AND valid_until IS NULL)
      OR (access_type = 'time_limited' AND valid_until IS NOT NULL)),
    CONSTRAINT product_access_revocation CHECK (is_revoked = (revoked_at IS NOT NULL)),
    CONSTRAINT product_access_source CHECK (order_id IS NOT NULL OR granted_by_admin_id IS NOT NULL)
  );
  CREATE UNIQUE INDEX product_access_order_product_key ON product_access (order_id, product_id) WHERE order_id IS NOT NULL;
  CREATE INDEX product_access_active_idx ON product_access (user_id, product_id) WHERE NOT is_revoked;
  `,
  `DROP TABLE product_access; DROP TABLE promotion_redemptions; DROP TABLE promotions;
   DROP TABLE digital_books; DROP TABLE lessons; DROP TABLE course_topics; DROP TABLE courses;
   DROP TABLE product_slug_history; DROP TABLE products;`,
);
