import { sqlMigration } from './migration';

/**
 * Video progress (learning-commerce.md: "Video progress records", "Lesson completion").
 *
 * - course_progress: one row per (user, lesson), carrying the lesson's course so a course's
 *   progress is one index range (the composite foreign key keeps it equal to the lesson's). The
 *   furthest position and the watched total only grow, and completion is a one-way latch whose
 *   completed_at keeps its first value: a trigger refuses any UPDATE that would move one of them
 *   back, whatever code or person writes it.
 * - watch_events: one row per processed heartbeat, append-only and the fastest-growing table of
 *   the platform (100 million rows is a few months of a busy catalogue). It is range-partitioned
 *   by month of created_at, so retention drops whole partitions instead of deleting rows, and
 *   each partition's (user_id, lesson_id, created_at) index stays small enough to be cached.
 *   It has no foreign keys on purpose: each would be one more index probe per heartbeat on the
 *   platform's hottest write. The jobs app calls watch_events_ensure_partitions,
 *   watch_events_drop_before and watch_events_purge_default_before daily
 *   (maintenance.watch_events_partitions); a DEFAULT partition catches rows of a month whose
 *   partition is missing, and the ensure function moves them into it when it creates it.
 */
export default sqlMigration(
  '0008-video-progress',
  `
  ALTER TABLE lessons ADD CONSTRAINT lessons_id_course_key UNIQUE (id, course_id);

  CREATE TABLE course_progress (
    user_id               uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    lesson_id             integer NOT NULL,
    course_id             integer NOT NULL,
    watch_position        integer NOT NULL DEFAULT 0 CHECK (watch_position >= 0),
    total_watched_seconds integer NOT NULL DEFAULT 0 CHECK (total_watched_seconds >= 0),
    is_completed          boolean NOT NULL DEFAULT false,
    completed_at          timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, lesson_id),
    CONSTRAINT course_progress_completion CHECK (is_completed = (completed_at IS NOT NULL)),
    CONSTRAINT course_progress_lesson_fk FOREIGN KEY (lesson_id, course_id)
      REFERENCES lessons (id, course_id) ON DELETE CASCADE ON UPDATE CASCADE
  ) WITH (fillfactor = 80); -- room on each page for heartbeat updates to stay HOT (no index writes)
  CREATE INDEX course_progress_user_course_idx ON course_progress (user_id, course_id);
  CREATE INDEX course_progress_lesson_idx ON course_progress (lesson_id);

  CREATE FUNCTION course_progress_only_forward() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.watch_position < OLD.watch_position
       OR NEW.total_watched_seconds < OLD.total_watched_seconds
       OR (OLD.is_completed AND NOT NEW.is_completed)
       OR (OLD.completed_at IS NOT NULL AND NEW.completed_at IS DISTINCT FROM OLD.completed_at) THEN
      RAISE EXCEPTION 'course_progress only moves forward (user %, lesson %)', OLD.user_id, OLD.lesson_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'course_progress_only_forward';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER course_progress_only_forward BEFORE UPDATE ON course_progress
    FOR EACH ROW EXECUTE FUNCTION course_progress_only_forward();

  CREATE TABLE watch_events (
    id                    bigserial NOT NULL,
    user_id               uuid NOT NULL,
    lesson_id             integer NOT NULL,
    event_type            varchar(20) NOT NULL DEFAULT 'heartbeat'
      CHECK (event_type IN ('heartbeat', 'play', 'pause', 'seek', 'ended')),
    watch_position        integer NOT NULL CHECK (watch_position >= 0),
    total_watched_seconds integer NOT NULL CHECK (total_watched_seconds >= 0),
    created_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (id, created_at)
  ) PARTITION BY RANGE (created_at);
  CREATE INDEX watch_events_user_lesson_idx ON watch_events (user_id, lesson_id, created_at);
  CREATE TABLE watch_events_default PARTITION OF watch_events DEFAULT;

  -- The monthly partitions (UTC months) from the current month to months_ahead months later;
  -- rows that fell into the DEFAULT partition for such a month move into it. Returns the names
  -- of the partitions it created.
  CREATE FUNCTION watch_events_ensure_partitions(months_ahead integer) RETURNS SETOF text
  LANGUAGE plpgsql AS $$
  DECLARE
    month_start timestamptz;
    month_end   timestamptz;
    part        text;
  BEGIN
    FOR i IN 0..months_ahead LOOP
      month_start := (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i)) AT TIME ZONE 'UTC';
      month_end := (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i + 1)) AT TIME ZONE 'UTC';
      part := 'watch_events_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM');
      CONTINUE WHEN to_regclass(part) IS NOT NULL;
      -- Serializes with inserts into the DEFAULT partition while its rows of that month move.
      LOCK TABLE watch_events_default IN SHARE ROW EXCLUSIVE MODE;
      EXECUTE format('CREATE TABLE %I (LIKE watch_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part);
      EXECUTE format(
        'WITH moved AS (DELETE FROM watch_events_default WHERE created_at >= %L AND created_at < %L RETURNING *) '
        'INSERT INTO %I SELECT * FROM moved', month_start, month_end, part);
      EXECUTE format('ALTER TABLE watch_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, month_start, month_end);
      RETURN NEXT part;
    END LOOP;
  END $$;

  -- Drops the monthly partitions that end at or before cutoff. Returns their names. (DROP locks
  -- the parent table until commit; with a DEFAULT partition, DETACH CONCURRENTLY is not allowed,
  -- so keep the transaction to the drops: the DEFAULT partition is purged in another one.)
  CREATE FUNCTION watch_events_drop_before(cutoff timestamptz) RETURNS SETOF text
  LANGUAGE plpgsql AS $$
  DECLARE
    part record;
  BEGIN
    FOR part IN
      SELECT c.relname AS name
        FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'watch_events'::regclass
         AND c.relname ~ '^watch_events_[0-9]{4}_[0-9]{2}$'
         AND (to_date(substr(c.relname, 14), 'YYYY_MM') + interval '1 month')::timestamp AT TIME ZONE 'UTC' <= cutoff
       ORDER BY c.relname
    LOOP
      EXECUTE format('DROP TABLE %I', part.name);
      RETURN NEXT part.name;
    END LOOP;
  END $$;

  -- Deletes the DEFAULT partition's rows older than cutoff; returns how many.
  CREATE FUNCTION watch_events_purge_default_before(cutoff timestamptz) RETURNS bigint
  LANGUAGE sql AS $$
    WITH purged AS (DELETE FROM watch_events_default WHERE created_at < cutoff RETURNING 1)
    SELECT count(*) FROM purged;
  $$;

  SELECT watch_events_ensure_partitions(2);
  `,
  `DROP FUNCTION watch_events_purge_default_before(timestamptz); DROP FUNCTION watch_events_drop_before(timestamptz);
   DROP FUNCTION watch_events_ensure_partitions(integer);
   DROP TABLE watch_events; DROP TABLE course_progress; DROP FUNCTION course_progress_only_forward();
   ALTER TABLE lessons DROP CONSTRAINT lessons_id_course_key;`,
);
