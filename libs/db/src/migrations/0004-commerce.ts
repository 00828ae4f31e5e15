import { sqlMigration } from './migration';

/**
 * Cart, orders and payments (learning-commerce.md: Cart, Order, States and transitions).
 * Money is integer paisa; totals are CHECKed against their parts; one active cart per user;
 * cart lines only for course and digital_book products; status history is append-only; a payment
 * is unique per gateway transaction and an order is paid at most once; an idempotency key is
 * unique per (user, scope) and remembers its request and its answer.
 */
export default sqlMigration(
  '0004-commerce',
  `
  CREATE TABLE carts (
    id                      serial PRIMARY KEY,
    user_id                 uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status                  text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'checkout', 'completed', 'abandoned')),
    applied_promotion_id    integer REFERENCES promotions (id) ON DELETE SET NULL,
    applied_promotion_code  text,
    applied_discount_paisa  integer NOT NULL DEFAULT 0 CHECK (applied_discount_paisa >= 0),
    expires_at              timestamptz NOT NULL,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now(),
    -- A promotion's id implies its code; no code, no discount. (The id alone may be cleared when an
    -- unused promotion is deleted; the cart is re-priced on its next read.)
    CONSTRAINT carts_promotion_has_code CHECK (applied_promotion_id IS NULL OR applied_promotion_code IS NOT NULL),
    CONSTRAINT carts_discount_needs_code CHECK (applied_promotion_code IS NOT NULL OR applied_discount_paisa = 0)
  );
  CREATE UNIQUE INDEX carts_one_active_per_user ON carts (user_id) WHERE status = 'active';
  CREATE INDEX carts_expiry_idx ON carts (expires_at) WHERE status = 'active';

  CREATE TABLE cart_items (
    id              serial PRIMARY KEY,
    cart_id         integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    product_id      integer NOT NULL,
    product_type    text NOT NULL CHECK (product_type IN ('course', 'digital_book')),
    unit_mrp_paisa  integer NOT NULL CHECK (unit_mrp_paisa >= 0),
    unit_sp_paisa   integer NOT NULL CHECK (unit_sp_paisa >= 0),
    quantity        integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT cart_items_sp_not_above_mrp CHECK (unit_sp_paisa <= unit_mrp_paisa),
    CONSTRAINT cart_items_product_once UNIQUE (cart_id, product_id),
    CONSTRAINT cart_items_product_fk FOREIGN KEY (product_id, product_type)
      REFERENCES products (id, type) ON DELETE RESTRICT
  );

  CREATE TABLE orders (
    id               serial PRIMARY KEY,
    order_number     text NOT NULL CHECK (order_number ~ '^[A-Z0-9-]{6,40}$'),
    user_id          uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    type             text NOT NULL CHECK (type IN ('digital', 'training')),
    source           text NOT NULL CHECK (source IN ('checkout', 'buy_now', 'training_enroll', 'admin_manual')),
    payment_method   text NOT NULL DEFAULT 'online' CHECK (payment_method = 'online'),
    status           text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'payment_pending', 'paid',
                       'payment_failed', 'cancelled', 'refund_requested', 'refund_pending', 'refund_approved', 'refund_rejected')),
    refund_status    text CHECK (refund_status IS NULL OR refund_status IN ('requested', 'pending', 'approved', 'rejected')),
    mrp_total_paisa  integer NOT NULL CHECK (mrp_total_paisa >= 0),
    subtotal_paisa   integer NOT NULL CHECK (subtotal_paisa >= 0),
    discount_paisa   integer NOT NULL DEFAULT 0 CHECK (discount_paisa >= 0),
    total_paisa      integer NOT NULL CHECK (total_paisa >= 0),
    promotion_id     integer REFERENCES promotions (id) ON DELETE RESTRICT,
    promotion_code   text,
    cart_id          integer REFERENCES carts (id) ON DELETE SET NULL,
    gateway          text CHECK (gateway IS NULL OR gateway IN ('esewa', 'khalti')),
    return_url       text,
    paid_at          timestamptz,
    cancelled_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT orders_order_number_key UNIQUE (order_number),
    CONSTRAINT orders_total_is_subtotal_less_discount CHECK (total_paisa = subtotal_paisa - discount_paisa),
    CONSTRAINT orders_subtotal_within_mrp CHECK (subtotal_paisa <= mrp_total_paisa),
    CONSTRAINT orders_paid_has_time CHECK (status <> 'paid' OR paid_at IS NOT NULL)
  );
  CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
  CREATE INDEX orders_status_idx ON orders (status, created_at);

  CREATE TABLE order_items (
    id               serial PRIMARY KEY,
    order_id         integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id       integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    product_type     text NOT NULL CHECK (product_type IN ('course', 'digital_book', 'training')),
    title            text NOT NULL,
    unit_mrp_paisa   integer NOT NULL CHECK (unit_mrp_paisa >= 0),
    unit_sp_paisa    integer NOT NULL CHECK (unit_sp_paisa >= 0 AND unit_sp_paisa <= unit_mrp_paisa),
    quantity         integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
    discount_paisa   integer NOT NULL DEFAULT 0 CHECK (discount_paisa >= 0),
    line_total_paisa integer NOT NULL CHECK (line_total_paisa >= 0),
    created_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT order_items_line_total CHECK (line_total_paisa = unit_sp_paisa * quantity - discount_paisa),
    CONSTRAINT order_items_product_once UNIQUE (order_id, product_id)
  );

  -- Append-only: rows are written, never changed (Vendure's HistoryEntry lesson).
  CREATE TABLE order_status_history (
    id                      serial PRIMARY KEY,
    order_id                integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status                  text NOT NULL,
    notes                   text,
    actor_type              text NOT NULL CHECK (actor_type IN ('customer', 'admin', 'system')),
    created_by_customer_id  uuid,
    created_by_admin_id     text,
    created_at              timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT order_status_history_actor CHECK (
      (actor_type = 'customer' AND created_by_customer_id IS NOT NULL AND created_by_admin_id IS NULL)
      OR (actor_type = 'admin' AND created_by_admin_id IS NOT NULL AND created_by_customer_id IS NULL)
      OR (actor_type = 'system' AND created_by_customer_id IS NULL AND created_by_admin_id IS NULL))
  );
  CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, id);
  CREATE FUNCTION forbid_history_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'order_status_history is append-only';
  END $$;
  CREATE TRIGGER order_status_history_append_only BEFORE UPDATE OR DELETE ON order_status_history
    FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION forbid_history_rewrite();

  CREATE TABLE payments (
    id                        serial PRIMARY KEY,
    order_id                  integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    gateway                   text NOT NULL CHECK (gateway IN ('esewa', 'khalti')),
    status                    text NOT NULL DEFAULT 'initiated' CHECK (status IN ('initiated', 'pending', 'completed', 'failed')),
    amount_paisa              integer NOT NULL CHECK (amount_paisa >= 0),
    gateway_transaction_id    text NOT NULL,
    gateway_reference         text,
    verification_attempts     integer NOT NULL DEFAULT 0 CHECK (verification_attempts >= 0),
    last_verification_error   text,
    completed_at              timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_gateway_transaction_key UNIQUE (gateway, gateway_transaction_id),
    CONSTRAINT payments_completed_has_time CHECK (status <> 'completed' OR completed_at IS NOT NULL)
  );
  CREATE UNIQUE INDEX payments_one_completed_per_order ON payments (order_id) WHERE status = 'completed';

  -- Stripe-style idempotency: the key, a fingerprint of the request, its state and its answer.
  CREATE TABLE idempotency_keys (
    id               serial PRIMARY KEY,
    user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scope            text NOT NULL CHECK (scope IN ('checkout', 'buy_now', 'training_enroll')),
    key              text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    request_hash     text NOT NULL,
    status           text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'completed', 'failed')),
    response         jsonb,
    order_id         integer REFERENCES orders (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT idempotency_keys_scope_key UNIQUE (user_id, scope, key),
    CONSTRAINT idempotency_keys_completed_has_response CHECK (status <> 'completed' OR response IS NOT NULL)
  );

  -- Grants and code uses that come from orders now reference them.
  ALTER TABLE product_access ADD CONSTRAINT product_access_order_fk
    FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE RESTRICT NOT VALID;
  `,
  `ALTER TABLE product_access DROP CONSTRAINT product_access_order_fk;
   DROP TABLE idempotency_keys; DROP TABLE payments;
   DROP TRIGGER order_status_history_append_only ON order_status_history; DROP FUNCTION forbid_history_rewrite();
   DROP TABLE order_status_history; DROP TABLE order_items; DROP TABLE orders; DROP TABLE cart_items; DROP TABLE carts;`,
);
