import { sqlMigration } from './migration';

/**
 * Idempotency keys for every context, not only checkout (issue 17, "Shared idempotency keys"):
 * - the actor is a customer (user_id, cascades with the user) or an admin (admin_id: the token's
 *   `sub`, text like every other admin reference, since it need not match an admin row), exactly
 *   one of them, and a key is unique per (actor, scope, key);
 * - `scope` is free text in a fixed format (`checkout`, `portfolio_transaction.add`), so a new
 *   context adds a scope without a migration;
 * - `reference_type`/`reference_id` name what the request created; an order keeps `order_id` (its
 *   foreign key) and mirrors it in the reference.
 * Existing rows are customers' keys with the old scopes and keep replaying (`actor_type` is
 * filled by a default that is dropped once they have it: every new key names its actor);
 * `created_at` is indexed for the sweep of keys older than IDEMPOTENCY_KEY_TTL_HOURS.
 */
export default sqlMigration(
  '0012-shared-idempotency-keys',
  `
  ALTER TABLE idempotency_keys
    ADD COLUMN actor_type text NOT NULL DEFAULT 'customer' CHECK (actor_type IN ('customer', 'admin')),
    ADD COLUMN admin_id text CHECK (length(admin_id) BETWEEN 1 AND 255),
    ADD COLUMN reference_type text CHECK (reference_type ~ '^[a-z][a-z0-9_]{0,62}$'),
    ADD COLUMN reference_id text CHECK (length(reference_id) BETWEEN 1 AND 255),
    ALTER COLUMN user_id DROP NOT NULL,
    DROP CONSTRAINT idempotency_keys_scope_check;
  UPDATE idempotency_keys SET reference_type = 'order', reference_id = order_id::text WHERE order_id IS NOT NULL;
  ALTER TABLE idempotency_keys
    ALTER COLUMN actor_type DROP DEFAULT,
    ADD CONSTRAINT idempotency_keys_scope_format CHECK (scope ~ '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$' AND length(scope) <= 100),
    ADD CONSTRAINT idempotency_keys_one_actor CHECK (
      (actor_type = 'customer' AND user_id IS NOT NULL AND admin_id IS NULL)
      OR (actor_type = 'admin' AND admin_id IS NOT NULL AND user_id IS NULL)),
    ADD CONSTRAINT idempotency_keys_admin_scope_key UNIQUE (admin_id, scope, key),
    ADD CONSTRAINT idempotency_keys_reference_pair CHECK ((reference_type IS NULL) = (reference_id IS NULL)),
    ADD CONSTRAINT idempotency_keys_order_is_reference CHECK (
      order_id IS NULL OR coalesce(reference_type = 'order' AND reference_id = order_id::text, false));
  CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
  `,
  `DELETE FROM idempotency_keys WHERE actor_type = 'admin' OR scope NOT IN ('checkout', 'buy_now', 'training_enroll');
   DROP INDEX idempotency_keys_created_idx;
   ALTER TABLE idempotency_keys
     DROP CONSTRAINT idempotency_keys_order_is_reference,
     DROP CONSTRAINT idempotency_keys_reference_pair,
     DROP CONSTRAINT idempotency_keys_admin_scope_key,
     DROP CONSTRAINT idempotency_keys_one_actor,
     DROP CONSTRAINT idempotency_keys_scope_format,
     ADD CONSTRAINT idempotency_keys_scope_check CHECK (scope IN ('checkout', 'buy_now', 'training_enroll')),
     ALTER COLUMN user_id SET NOT NULL,
     DROP COLUMN reference_id,
     DROP COLUMN reference_type,
     DROP COLUMN admin_id,
     DROP COLUMN actor_type;`,
);
