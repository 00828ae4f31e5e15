import { sqlMigration } from './migration';

/**
 * Only OrderTransitionService changes orders.status (issue 17): it turns the transaction-local
 * setting `app.order_transition` on for its one guarded UPDATE (and off right after), and the
 * status trigger now refuses a status change made without it, before it checks the move against
 * order_transitions as 0006 did. A status change written anywhere else (a raw UPDATE in a job, a
 * script, a new use case) fails instead of skipping the history row, the outbox event and the
 * fulfilment. Inserts are not affected: a new order is written in its first state.
 */
export default sqlMigration(
  '0013-order-status-writes-guarded',
  `
  CREATE OR REPLACE FUNCTION enforce_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status THEN
      IF current_setting('app.order_transition', true) IS DISTINCT FROM 'on' THEN
        RAISE EXCEPTION 'order status % -> % (order %) written outside OrderTransitionService', OLD.status, NEW.status, OLD.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_status_written_by_transition';
      END IF;
      IF NOT EXISTS (SELECT 1 FROM order_transitions WHERE from_status = OLD.status AND to_status = NEW.status) THEN
        RAISE EXCEPTION 'illegal order transition % -> % (order %)', OLD.status, NEW.status, OLD.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_legal_transition';
      END IF;
    END IF;
    RETURN NEW;
  END $$;
  `,
  `
  CREATE OR REPLACE FUNCTION enforce_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT EXISTS (
      SELECT 1 FROM order_transitions WHERE from_status = OLD.status AND to_status = NEW.status
    ) THEN
      RAISE EXCEPTION 'illegal order transition % -> % (order %)', OLD.status, NEW.status, OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_legal_transition';
    END IF;
    RETURN NEW;
  END $$;
  `,
);
