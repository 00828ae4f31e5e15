import { sqlMigration } from './migration';

/**
 * Training enrollment through payment (learning-commerce.md "Training enrollment", issue 20):
 *
 * - Seats beyond capacity. An admin may promote a waitlist entry of a full cohort; the promotion
 *   holds a seat past `capacity`, counted in `extra_seats`. Free seats are
 *   `capacity + extra_seats - seats_taken`; a seat given back consumes an extra seat first, so
 *   extra seats never become free seats for others. `seats_taken` counts pending and enrolled
 *   enrollments plus unused waitlist holds.
 * - Waitlist holds. A promoted entry holds its seat until `hold_expires_at`; an enrollment made on
 *   it is linked (`enrollment_id`) and takes the seat over. A hold that expires unused becomes
 *   `expired` and gives the seat back. `promoted_at` stays on an entry that was promoted and then
 *   expired or was cancelled. A user holds at most one unused hold per cohort.
 * - Every enrollment move is recorded with its actor and note (training_enrollment_history).
 * - `request_hash` fingerprints the enroll request that made an enrollment (the same request
 *   again is answered, not refused as already enrolled).
 */
const UP = `
  ALTER TABLE training_cohorts
    ADD COLUMN extra_seats integer NOT NULL DEFAULT 0,
    DROP CONSTRAINT training_cohorts_seats_within_capacity,
    ADD CONSTRAINT training_cohorts_seats_within_capacity
      CHECK (seats_taken >= 0 AND extra_seats >= 0 AND extra_seats <= seats_taken AND seats_taken <= capacity + extra_seats);

  ALTER TABLE training_enrollments
    ADD COLUMN request_hash text CHECK (request_hash IS NULL OR length(request_hash) BETWEEN 1 AND 128),
    -- A reason only with a request; requests are made of enrolled enrollments (a pending one is cancelled at once).
    ADD CONSTRAINT training_enrollments_cancellation_request CHECK (
      (cancellation_reason IS NULL OR cancellation_requested_at IS NOT NULL)
      AND (cancellation_requested_at IS NULL OR status IN ('enrolled', 'cancelled')));

  ALTER TABLE training_waitlist
    ADD COLUMN hold_expires_at timestamptz,
    ADD COLUMN enrollment_id integer REFERENCES training_enrollments (id) ON DELETE SET NULL,
    ADD COLUMN promoted_by text CHECK (promoted_by IS NULL OR length(promoted_by) BETWEEN 1 AND 100),
    DROP CONSTRAINT training_waitlist_status_times,
    ADD CONSTRAINT training_waitlist_status_times CHECK (
      CASE status
        WHEN 'waiting'   THEN promoted_at IS NULL AND expired_at IS NULL AND cancelled_at IS NULL
        WHEN 'promoted'  THEN promoted_at IS NOT NULL AND expired_at IS NULL AND cancelled_at IS NULL
        WHEN 'expired'   THEN expired_at IS NOT NULL AND cancelled_at IS NULL
        WHEN 'cancelled' THEN cancelled_at IS NOT NULL AND expired_at IS NULL
      END),
    ADD CONSTRAINT training_waitlist_hold CHECK ((promoted_at IS NULL) = (hold_expires_at IS NULL) AND (promoted_by IS NULL OR promoted_at IS NOT NULL)),
    ADD CONSTRAINT training_waitlist_enrollment_on_promotion CHECK (enrollment_id IS NULL OR promoted_at IS NOT NULL),
    ADD CONSTRAINT training_waitlist_enrollment_key UNIQUE (enrollment_id);
  CREATE UNIQUE INDEX training_waitlist_one_hold_key ON training_waitlist (cohort_id, user_id)
    WHERE status = 'promoted' AND enrollment_id IS NULL;
  CREATE INDEX training_waitlist_hold_expiry_idx ON training_waitlist (hold_expires_at)
    WHERE status = 'promoted' AND enrollment_id IS NULL;

  CREATE TABLE training_enrollment_history (
    id            bigserial PRIMARY KEY,
    enrollment_id integer NOT NULL REFERENCES training_enrollments (id) ON DELETE CASCADE,
    from_status   text CHECK (from_status IS NULL OR from_status IN ('pending', 'enrolled', 'cancelled')),
    to_status     text NOT NULL CHECK (to_status IN ('pending', 'enrolled', 'cancelled')),
    actor_type    text NOT NULL CHECK (actor_type IN ('customer', 'admin', 'system')),
    actor_id      text CHECK (actor_id IS NULL OR length(actor_id) BETWEEN 1 AND 100),
    note          text CHECK (note IS NULL OR length(note) <= 1000),
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT training_enrollment_history_actor CHECK (actor_type = 'system' OR actor_id IS NOT NULL)
  );
  CREATE INDEX training_enrollment_history_enrollment_idx ON training_enrollment_history (enrollment_id, id);
`;

const DOWN = `
  DROP TABLE training_enrollment_history;
  DROP INDEX training_waitlist_hold_expiry_idx; DROP INDEX training_waitlist_one_hold_key;
  ALTER TABLE training_waitlist
    DROP CONSTRAINT training_waitlist_enrollment_key, DROP CONSTRAINT training_waitlist_enrollment_on_promotion,
    DROP CONSTRAINT training_waitlist_hold, DROP CONSTRAINT training_waitlist_status_times,
    DROP COLUMN promoted_by, DROP COLUMN enrollment_id, DROP COLUMN hold_expires_at,
    ADD CONSTRAINT training_waitlist_status_times CHECK (
      (status = 'promoted') = (promoted_at IS NOT NULL)
      AND (status = 'expired') = (expired_at IS NOT NULL)
      AND (status = 'cancelled') = (cancelled_at IS NOT NULL));
  ALTER TABLE training_enrollments DROP CONSTRAINT training_enrollments_cancellation_request, DROP COLUMN request_hash;
  ALTER TABLE training_cohorts
    DROP CONSTRAINT training_cohorts_seats_within_capacity,
    ADD CONSTRAINT training_cohorts_seats_within_capacity CHECK (seats_taken >= 0 AND seats_taken <= capacity),
    DROP COLUMN extra_seats;
`;

export default sqlMigration('0015-training-enrollment-flow', UP, DOWN);
