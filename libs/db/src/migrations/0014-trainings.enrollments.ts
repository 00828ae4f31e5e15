/**
 * Part of migration 0014-trainings (split only for length): the waitlist (cascades with its
 * cohort and user) and enrollments (RESTRICT deleting the training, cohort, session, order and
 * user they name).
 */
export const WAITLIST_AND_ENROLLMENTS = `
  -- FIFO per cohort is id order among waiting entries; one live (waiting) entry per (cohort, user).
  CREATE TABLE training_waitlist (
    id           serial PRIMARY KEY,
    cohort_id    integer NOT NULL REFERENCES training_cohorts (id) ON DELETE CASCADE,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status       text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'promoted', 'expired', 'cancelled')),
    promoted_at  timestamptz,
    expired_at   timestamptz,
    cancelled_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_waitlist_status_times CHECK (
      (status = 'promoted') = (promoted_at IS NOT NULL)
      AND (status = 'expired') = (expired_at IS NOT NULL)
      AND (status = 'cancelled') = (cancelled_at IS NOT NULL))
  );
  CREATE UNIQUE INDEX training_waitlist_one_waiting_key ON training_waitlist (cohort_id, user_id) WHERE status = 'waiting';
  CREATE INDEX training_waitlist_fifo_idx ON training_waitlist (cohort_id, id) WHERE status = 'waiting';
  CREATE INDEX training_waitlist_user_idx ON training_waitlist (user_id);

  CREATE TABLE training_enrollments (
    id                        serial PRIMARY KEY,
    user_id                   uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    product_id                integer NOT NULL,
    training_id               integer NOT NULL,
    cohort_id                 integer NOT NULL,
    session_id                integer,
    order_id                  integer REFERENCES orders (id) ON DELETE RESTRICT,
    status                    text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'enrolled', 'cancelled')),
    access_type               text CHECK (access_type IS NULL OR access_type IN ('lifetime', 'time_limited')),
    access_valid_until        timestamptz,
    form_data                 jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(form_data) = 'object'),
    enrolled_at               timestamptz,
    cancellation_requested_at timestamptz,
    cancellation_reason       text CHECK (cancellation_reason IS NULL OR length(cancellation_reason) <= 500),
    cancelled_at              timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_enrollments_training_fk FOREIGN KEY (training_id, product_id)
      REFERENCES trainings (id, product_id) ON DELETE RESTRICT,
    CONSTRAINT training_enrollments_cohort_fk FOREIGN KEY (cohort_id, training_id)
      REFERENCES training_cohorts (id, training_id) ON DELETE RESTRICT,
    CONSTRAINT training_enrollments_session_fk FOREIGN KEY (session_id, training_id)
      REFERENCES training_sessions (id, training_id) ON DELETE RESTRICT,
    -- accessType, accessValidUntil and enrolledAt are set together, on enrolment.
    CONSTRAINT training_enrollments_access_shape CHECK (
      (access_type IS NULL AND access_valid_until IS NULL AND enrolled_at IS NULL)
      OR (access_type = 'lifetime' AND access_valid_until IS NULL AND enrolled_at IS NOT NULL)
      OR (access_type = 'time_limited' AND access_valid_until IS NOT NULL AND enrolled_at IS NOT NULL)),
    CONSTRAINT training_enrollments_enrolled_has_access CHECK (status <> 'enrolled' OR enrolled_at IS NOT NULL),
    CONSTRAINT training_enrollments_pending_has_no_access CHECK (status <> 'pending' OR enrolled_at IS NULL),
    CONSTRAINT training_enrollments_cancelled_has_time CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
    CONSTRAINT training_enrollments_order_key UNIQUE (order_id)
  );
  -- The spec's rule (one enrolled per user and product), and the enroll precondition "no active
  -- enrollment" (so also at most one pending, and never pending beside enrolled).
  CREATE UNIQUE INDEX training_enrollments_one_enrolled_key ON training_enrollments (user_id, product_id) WHERE status = 'enrolled';
  CREATE UNIQUE INDEX training_enrollments_one_active_key ON training_enrollments (user_id, product_id) WHERE status IN ('pending', 'enrolled');
  CREATE INDEX training_enrollments_user_idx ON training_enrollments (user_id, created_at DESC);
  CREATE INDEX training_enrollments_cohort_idx ON training_enrollments (cohort_id, status);
  CREATE INDEX training_enrollments_training_idx ON training_enrollments (training_id, status);
  CREATE INDEX training_enrollments_session_idx ON training_enrollments (session_id) WHERE session_id IS NOT NULL;
`;
