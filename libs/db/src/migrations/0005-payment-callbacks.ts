import { sqlMigration } from './migration';

/**
 * What the gateways sent to the payment callbacks (learning-commerce.md, "Payment callbacks";
 * CONTRACT sections 4 and 6). Each distinct callback of a payment is kept once (a replay of the
 * same parameters only bumps `received_count`), so the finalization job is queued with ids only
 * and verifies exactly what arrived, and a later callback never overwrites an earlier one.
 */
export default sqlMigration(
  '0005-payment-callbacks',
  `
  CREATE TABLE payment_callbacks (
    id                serial PRIMARY KEY,
    payment_id        integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    outcome           text NOT NULL CHECK (outcome IN ('success', 'failure')),
    params            jsonb NOT NULL,
    params_digest     text NOT NULL,
    received_count    integer NOT NULL DEFAULT 1 CHECK (received_count >= 1),
    created_at        timestamptz NOT NULL DEFAULT now(),
    last_received_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payment_callbacks_once UNIQUE (payment_id, outcome, params_digest)
  );
  `,
  `DROP TABLE payment_callbacks;`,
);
