import { sqlMigration } from './migration';

/**
 * The order after payment (learning-commerce.md: "States and transitions → Order", "Async request
 * status", "Status history item", "Orders" admin routes, "Events").
 *
 * - The transition table lives in the database (order_transitions) and a trigger refuses any
 *   status change it does not list, so no code path can skip a step or leave a terminal state.
 * - Refund fields agree with the status (refund_status is set exactly in the refund states).
 * - Async requests (cancel, process-refund) are rows a client polls; notes and history are
 *   append-only.
 * - Admin search over order number, customer name, email and phone is served by trigram indexes.
 * - Notifications go through an outbox written in the business transaction (one row per event,
 *   unique per dedupe key), then one delivery row per (event, channel, recipient), so a delivery
 *   is never sent twice and never blocks an order write; in-app notifications are rows per user.
 */
export default sqlMigration(
  '0006-order-lifecycle',
  `
  CREATE TABLE order_transitions (
    from_status  text NOT NULL,
    to_status    text NOT NULL,
    PRIMARY KEY (from_status, to_status)
  );
  INSERT INTO order_transitions (from_status, to_status) VALUES
    ('created', 'payment_pending'),
    ('created', 'payment_failed'),
    ('created', 'cancelled'),
    ('payment_pending', 'paid'),
    ('payment_pending', 'payment_failed'),
    ('payment_pending', 'cancelled'),
    ('paid', 'refund_requested'),
    ('paid', 'cancelled'),
    ('payment_failed', 'cancelled'),
    ('refund_requested', 'refund_pending'),
    ('refund_requested', 'refund_approved'),
    ('refund_requested', 'refund_rejected'),
    ('refund_pending', 'refund_approved'),
    ('refund_pending', 'refund_rejected');

  CREATE FUNCTION enforce_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
      SELECT 1 FROM order_transitions WHERE from_status = OLD.status AND to_status = NEW.status
    ) THEN
      RAISE EXCEPTION 'illegal order transition % -> % (order %)', OLD.status, NEW.status, OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_legal_transition';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER orders_legal_transition BEFORE UPDATE OF status ON orders
    FOR EACH ROW EXECUTE FUNCTION enforce_order_transition();

  ALTER TABLE orders
    ADD COLUMN cancellation_reason    text CHECK (cancellation_reason IS NULL OR length(cancellation_reason) <= 500),
    ADD COLUMN cancelled_by_actor_type text CHECK (cancelled_by_actor_type IS NULL OR cancelled_by_actor_type IN ('customer', 'admin', 'system')),
    ADD COLUMN refund_reason          text CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
    ADD COLUMN refund_remarks         text CHECK (refund_remarks IS NULL OR length(refund_remarks) <= 1000),
    ADD COLUMN refund_admin_remarks   text CHECK (refund_admin_remarks IS NULL OR length(refund_admin_remarks) <= 500),
    ADD COLUMN refund_amount_paisa    integer,
    ADD COLUMN refund_requested_at    timestamptz,
    ADD COLUMN refund_processed_at    timestamptz,
    ADD CONSTRAINT orders_refund_status_matches_status CHECK (
      (refund_status IS NULL AND status NOT IN ('refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'))
      OR status = 'refund_' || refund_status),
    ADD CONSTRAINT orders_refund_requested_has_reason CHECK (refund_status IS NULL OR (refund_reason IS NOT NULL AND refund_requested_at IS NOT NULL)),
    ADD CONSTRAINT orders_refund_processed_has_time CHECK (
      (status IN ('refund_approved', 'refund_rejected')) = (refund_processed_at IS NOT NULL)),
    ADD CONSTRAINT orders_refund_amount_within_total CHECK (
      refund_amount_paisa IS NULL OR (status = 'refund_approved' AND refund_amount_paisa BETWEEN 0 AND total_paisa)),
    ADD CONSTRAINT orders_cancelled_has_time CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL));

  -- Money a gateway confirmed for an order that was no longer payable (cancelled, failed): the
  -- payment is completed, the order is not paid, and a refund is owed until an admin settles it.
  ALTER TABLE payments
    ADD COLUMN refund_owed_at  timestamptz,
    ADD COLUMN refund_settled_at timestamptz,
    ADD CONSTRAINT payments_refund_owed_is_completed CHECK (refund_owed_at IS NULL OR status = 'completed'),
    ADD CONSTRAINT payments_refund_settled_after_owed CHECK (refund_settled_at IS NULL OR refund_owed_at IS NOT NULL);
  CREATE INDEX payments_refund_owed_idx ON payments (refund_owed_at) WHERE refund_owed_at IS NOT NULL AND refund_settled_at IS NULL;

  ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_status CHECK (status IN ('created', 'payment_pending',
    'paid', 'payment_failed', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected'));

  CREATE FUNCTION forbid_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
  END $$;

  CREATE TABLE order_notes (
    id          serial PRIMARY KEY,
    order_id    integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    admin_id    text NOT NULL,
    note        text NOT NULL CHECK (length(btrim(note)) BETWEEN 1 AND 1000),
    created_at  timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX order_notes_order_idx ON order_notes (order_id, id);
  CREATE TRIGGER order_notes_append_only BEFORE UPDATE OR DELETE ON order_notes
    FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION forbid_rewrite();

  -- A command accepted now and carried out by a job (order.cancel, order.process_refund).
  CREATE TABLE order_async_requests (
    id            uuid PRIMARY KEY,
    kind          text NOT NULL CHECK (kind IN ('cancel', 'process_refund')),
    order_id      integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    actor_type    text NOT NULL CHECK (actor_type IN ('customer', 'admin')),
    customer_id   uuid,
    admin_id      text,
    input         jsonb NOT NULL DEFAULT '{}',
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
    result        jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    CONSTRAINT order_async_requests_actor CHECK (
      (actor_type = 'customer' AND customer_id IS NOT NULL AND admin_id IS NULL)
      OR (actor_type = 'admin' AND admin_id IS NOT NULL AND customer_id IS NULL)),
    CONSTRAINT order_async_requests_customer_cancels_only CHECK (actor_type = 'admin' OR kind = 'cancel'),
    CONSTRAINT order_async_requests_settled CHECK (
      (status = 'pending' AND completed_at IS NULL AND result IS NULL)
      OR (status <> 'pending' AND completed_at IS NOT NULL AND result IS NOT NULL))
  );
  CREATE INDEX order_async_requests_order_idx ON order_async_requests (order_id);
  CREATE INDEX order_async_requests_pending_idx ON order_async_requests (created_at) WHERE status = 'pending';

  -- Admin list: default sorts, and the search over order number and the customer's name, email, phone.
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
  CREATE INDEX orders_updated_idx ON orders (updated_at DESC, id DESC);
  CREATE INDEX orders_order_number_trgm ON orders USING gin (order_number gin_trgm_ops);
  CREATE INDEX users_full_name_trgm ON users USING gin (full_name gin_trgm_ops);
  CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
  CREATE INDEX users_phone_trgm ON users USING gin (phone gin_trgm_ops);

  -- Outbox: one row per business event, written in the transaction that caused it.
  CREATE TABLE notification_events (
    id             bigserial PRIMARY KEY,
    event          text NOT NULL CHECK (event ~ '^[A-Z][A-Z_]{2,63}$'),
    audience       text NOT NULL CHECK (audience IN ('customer', 'admins')),
    user_id        uuid REFERENCES users (id) ON DELETE CASCADE,
    payload        jsonb NOT NULL,
    dedupe_key     text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 200),
    created_at     timestamptz NOT NULL DEFAULT now(),
    dispatched_at  timestamptz,
    processed_at   timestamptz,
    CONSTRAINT notification_events_dedupe_key UNIQUE (dedupe_key),
    CONSTRAINT notification_events_audience_user CHECK ((audience = 'customer') = (user_id IS NOT NULL))
  );
  CREATE INDEX notification_events_unprocessed_idx ON notification_events (created_at) WHERE processed_at IS NULL;

  -- One delivery per (event, channel, recipient): the idempotency key of a send.
  CREATE TABLE notification_deliveries (
    id            bigserial PRIMARY KEY,
    event_id      bigint NOT NULL REFERENCES notification_events (id) ON DELETE CASCADE,
    channel       text NOT NULL CHECK (channel IN ('email', 'push', 'in_app')),
    recipient     text NOT NULL,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
    attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error    text,
    locked_until  timestamptz,
    sent_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notification_deliveries_once UNIQUE (event_id, channel, recipient),
    CONSTRAINT notification_deliveries_sent_has_time CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
    CONSTRAINT notification_deliveries_sending_is_locked CHECK (status <> 'sending' OR locked_until IS NOT NULL)
  );

  CREATE TABLE notifications (
    id          bigserial PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id    bigint NOT NULL REFERENCES notification_events (id) ON DELETE CASCADE,
    type        text NOT NULL,
    title       text NOT NULL,
    body        text NOT NULL,
    data        jsonb NOT NULL DEFAULT '{}',
    read_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_once_per_event UNIQUE (event_id, user_id)
  );
  CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
  CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

  CREATE TABLE push_devices (
    id            serial PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token         text NOT NULL CHECK (length(token) BETWEEN 1 AND 4096),
    platform      text NOT NULL CHECK (platform IN ('android', 'ios', 'web')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT push_devices_token_key UNIQUE (token)
  );
  CREATE INDEX push_devices_user_idx ON push_devices (user_id);
  `,
  `DROP TABLE push_devices; DROP TABLE notifications; DROP TABLE notification_deliveries; DROP TABLE notification_events;
   DROP INDEX users_phone_trgm; DROP INDEX users_email_trgm; DROP INDEX users_full_name_trgm;
   DROP INDEX orders_order_number_trgm; DROP INDEX orders_updated_idx; DROP INDEX orders_created_idx;
   DROP TABLE order_async_requests;
   DROP TRIGGER order_notes_append_only ON order_notes; DROP TABLE order_notes; DROP FUNCTION forbid_rewrite();
   ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_status;
   DROP INDEX payments_refund_owed_idx;
   ALTER TABLE payments DROP CONSTRAINT payments_refund_settled_after_owed, DROP CONSTRAINT payments_refund_owed_is_completed,
     DROP COLUMN refund_settled_at, DROP COLUMN refund_owed_at;
   ALTER TABLE orders DROP CONSTRAINT orders_cancelled_has_time, DROP CONSTRAINT orders_refund_amount_within_total,
     DROP CONSTRAINT orders_refund_processed_has_time, DROP CONSTRAINT orders_refund_requested_has_reason,
     DROP CONSTRAINT orders_refund_status_matches_status,
     DROP COLUMN refund_processed_at, DROP COLUMN refund_requested_at, DROP COLUMN refund_amount_paisa,
     DROP COLUMN refund_admin_remarks, DROP COLUMN refund_remarks, DROP COLUMN refund_reason,
     DROP COLUMN cancelled_by_actor_type, DROP COLUMN cancellation_reason;
   DROP TRIGGER orders_legal_transition ON orders; DROP FUNCTION enforce_order_transition(); DROP TABLE order_transitions;`,
);
