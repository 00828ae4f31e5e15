import { sqlMigration } from './migration';
import { WAITLIST_AND_ENROLLMENTS } from './0014-trainings.enrollments';

/**
 * Trainings (learning-commerce.md: "Training records", "Trailer fields", "Enrollment", "States
 * and transitions → Training enrollment"; CONTRACT §10 bodies).
 *
 * - A training owns exactly one product of type `training` (composite foreign key on
 *   (product_id, product_type), as courses do); its title, slug (with product_slug_history),
 *   prices and sellability live on that product.
 * - Sessions, cohorts, the per-cohort schedule, the form config and the waitlist cascade from a
 *   training; enrollments RESTRICT every delete above them, so a training (or cohort, or session)
 *   somebody enrolled in is archived, never deleted.
 * - Composite foreign keys keep a cohort's schedule, a waitlist's cohort and an enrollment's
 *   cohort, session and product inside one training.
 * - `search_vector` (product title weight A, description weight B, config `simple`) serves the
 *   `relevance` sort; triggers keep it current when either side changes.
 */
const TRAININGS = `
  CREATE FUNCTION training_search_vector(title text, description text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE AS $$
      SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
          || setweight(to_tsvector('simple', coalesce(description, '')), 'B') $$;

  CREATE TABLE trainings (
    id                   serial PRIMARY KEY,
    product_id           integer NOT NULL,
    product_type         text NOT NULL DEFAULT 'training' CHECK (product_type = 'training'),
    status               text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'hidden', 'archived')),
    description          text CHECK (description IS NULL OR length(description) <= 20000),
    thumbnail_ref        text,
    trailer_ref          text,
    is_free              boolean NOT NULL DEFAULT false,
    is_featured          boolean NOT NULL DEFAULT false,
    category_id          integer CHECK (category_id IS NULL OR category_id >= 1),
    tag_id               integer CHECK (tag_id IS NULL OR tag_id >= 1),
    access_type          text NOT NULL CHECK (access_type IN ('lifetime', 'time_limited')),
    access_duration_days integer,
    search_vector        tsvector NOT NULL DEFAULT ''::tsvector,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT trainings_product_id_key UNIQUE (product_id),
    CONSTRAINT trainings_id_product_key UNIQUE (id, product_id),
    CONSTRAINT trainings_product_fk FOREIGN KEY (product_id, product_type)
      REFERENCES products (id, type) ON DELETE CASCADE,
    CONSTRAINT trainings_access_duration CHECK (
      (access_type = 'lifetime' AND access_duration_days IS NULL)
      OR (access_type = 'time_limited' AND access_duration_days IS NOT NULL AND access_duration_days >= 1))
  );
  CREATE INDEX trainings_status_idx ON trainings (status, updated_at DESC);
  CREATE INDEX trainings_search_idx ON trainings USING gin (search_vector);

  CREATE FUNCTION trainings_refresh_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_vector := training_search_vector((SELECT title FROM products WHERE id = NEW.product_id), NEW.description);
    RETURN NEW;
  END $$;
  CREATE TRIGGER trainings_search_vector BEFORE INSERT OR UPDATE OF description, product_id ON trainings
    FOR EACH ROW EXECUTE FUNCTION trainings_refresh_search_vector();

  CREATE FUNCTION products_refresh_training_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE trainings SET search_vector = training_search_vector(NEW.title, description) WHERE product_id = NEW.id;
    RETURN NULL;
  END $$;
  CREATE TRIGGER products_training_search_vector AFTER UPDATE OF title ON products
    FOR EACH ROW WHEN (NEW.type = 'training' AND NEW.title IS DISTINCT FROM OLD.title)
    EXECUTE FUNCTION products_refresh_training_search_vector();
`;

const SESSIONS_AND_COHORTS = `
  -- (training_id, position) is DEFERRABLE: a reorder may pass through duplicate positions inside
  -- one statement, or several with SET CONSTRAINTS training_sessions_position_key DEFERRED.
  CREATE TABLE training_sessions (
    id               serial PRIMARY KEY,
    training_id      integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
    title            text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
    description      text CHECK (description IS NULL OR length(description) <= 20000),
    type             text NOT NULL CHECK (type IN ('recorded', 'live', 'both')),
    status           text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'completed', 'cancelled')),
    position         integer NOT NULL CHECK (position >= 0),
    duration_minutes integer NOT NULL CHECK (duration_minutes >= 1),
    scheduled_at     timestamptz,
    live_session_ref text CHECK (live_session_ref IS NULL OR length(live_session_ref) BETWEEN 1 AND 500),
    recording_key    text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_sessions_recording_key_prefix CHECK (
      recording_key IS NULL OR (recording_key ~ '^uploads/video/[^/]' AND recording_key !~ '(^|/)\\.\\.(/|$)')),
    CONSTRAINT training_sessions_id_training_key UNIQUE (id, training_id),
    CONSTRAINT training_sessions_position_key UNIQUE (training_id, position) DEFERRABLE INITIALLY IMMEDIATE
  );

  CREATE TABLE training_cohorts (
    id          serial PRIMARY KEY,
    training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
    name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'full', 'cancelled')),
    capacity    integer NOT NULL CONSTRAINT training_cohorts_capacity_positive CHECK (capacity >= 1),
    seats_taken integer NOT NULL DEFAULT 0,
    starts_at   timestamptz,
    ends_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_cohorts_seats_within_capacity CHECK (seats_taken >= 0 AND seats_taken <= capacity),
    CONSTRAINT training_cohorts_window CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at <= ends_at),
    CONSTRAINT training_cohorts_id_training_key UNIQUE (id, training_id)
  );
  CREATE INDEX training_cohorts_training_idx ON training_cohorts (training_id, starts_at);

  -- The per-cohort schedule: a session of the cohort's own training, at most once per cohort.
  CREATE TABLE training_cohort_sessions (
    id               serial PRIMARY KEY,
    training_id      integer NOT NULL,
    cohort_id        integer NOT NULL,
    session_id       integer NOT NULL,
    scheduled_at     timestamptz,
    live_session_ref text CHECK (live_session_ref IS NULL OR length(live_session_ref) BETWEEN 1 AND 500),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_cohort_sessions_cohort_fk FOREIGN KEY (cohort_id, training_id)
      REFERENCES training_cohorts (id, training_id) ON DELETE CASCADE,
    CONSTRAINT training_cohort_sessions_session_fk FOREIGN KEY (session_id, training_id)
      REFERENCES training_sessions (id, training_id) ON DELETE CASCADE,
    CONSTRAINT training_cohort_sessions_cohort_session_key UNIQUE (cohort_id, session_id)
  );
  CREATE INDEX training_cohort_sessions_session_idx ON training_cohort_sessions (session_id);

  CREATE TABLE training_enrollment_form_configs (
    id          serial PRIMARY KEY,
    training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
    fields      jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_enrollment_form_configs_training_key UNIQUE (training_id),
    CONSTRAINT training_enrollment_form_configs_fields_array CHECK (jsonb_typeof(fields) = 'array'),
    -- Each field an object with string key/label, boolean required and a known type.
    CONSTRAINT training_enrollment_form_configs_field_shape CHECK (CASE WHEN jsonb_typeof(fields) = 'array' THEN
      NOT jsonb_path_exists(fields, 'strict $[*] ? (@.type() != "object")')
      AND NOT jsonb_path_exists(fields, '$[*] ? (!(@."key".type() == "string") || !(@."label".type() == "string")
        || !(@."required".type() == "boolean") || !(@."type".type() == "string")
        || !(@."type" == "text" || @."type" == "email" || @."type" == "phone" || @."type" == "number"
             || @."type" == "select" || @."type" == "textarea" || @."type" == "checkbox"))')
      ELSE true END)
  );
`;

export default sqlMigration(
  '0014-trainings',
  TRAININGS + SESSIONS_AND_COHORTS + WAITLIST_AND_ENROLLMENTS,
  `DROP TABLE training_enrollments; DROP TABLE training_waitlist; DROP TABLE training_enrollment_form_configs;
   DROP TABLE training_cohort_sessions; DROP TABLE training_cohorts; DROP TABLE training_sessions;
   DROP TRIGGER products_training_search_vector ON products; DROP FUNCTION products_refresh_training_search_vector();
   DROP TABLE trainings; DROP FUNCTION trainings_refresh_search_vector(); DROP FUNCTION training_search_vector(text, text);`,
);
