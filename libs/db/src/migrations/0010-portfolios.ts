import { sqlMigration } from './migration';

/**
 * Customers' portfolios and their transactions (market-data.md "Portfolio", "Portfolio
 * transaction"; issue 10).
 *
 * - portfolios: UUIDv7 ids. At most one live default per customer (a partial unique index; a
 *   deleted portfolio cannot be the default), and at least one while the customer has a live
 *   portfolio: a deferred constraint trigger checks it at commit, so a promotion may unset and set
 *   within its transaction.
 * - portfolio_transactions: the per-type shape of the spec (which fields are required, and the
 *   SELL-only ones nowhere else) is a CHECK, so no write path can store a BUY without fees.
 *   Decimals are numeric, never floats. A company with transactions cannot be removed (RESTRICT).
 *   Ties of transacted_at are broken by creation order (migration 0011: `sequence`).
 * - Each live transaction carries the position of its company after it (units, cost basis,
 *   realised gain, dividend income, CGT paid, all cumulative), maintained by every write from the
 *   changed point on; `units_after >= 0` makes an oversold timeline unstorable.
 *   portfolio_holdings is the position after the last live transaction of each company: the
 *   summary reads one row per company, never the transactions.
 */
export default sqlMigration(
  '0010-portfolios',
  `
  CREATE TABLE portfolios (
    id              uuid PRIMARY KEY,
    customer_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (length(btrim(name)) > 0 AND char_length(name) <= 100),
    description     text CHECK (description IS NULL OR char_length(description) <= 500),
    is_default      boolean NOT NULL DEFAULT false,
    last_fetched_at timestamptz,
    deleted_at      timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT portfolios_deleted_not_default CHECK (deleted_at IS NULL OR NOT is_default)
  );
  CREATE UNIQUE INDEX portfolios_one_default_per_customer ON portfolios (customer_id) WHERE is_default;
  CREATE INDEX portfolios_customer_live_idx ON portfolios (customer_id, created_at, id) WHERE deleted_at IS NULL;

  CREATE FUNCTION portfolios_require_default() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM portfolios WHERE customer_id = NEW.customer_id AND deleted_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM portfolios WHERE customer_id = NEW.customer_id AND is_default) THEN
      RAISE EXCEPTION 'customer % has portfolios but no default one', NEW.customer_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'portfolios_default_required';
    END IF;
    RETURN NULL;
  END $$;
  CREATE CONSTRAINT TRIGGER portfolios_default_required
    AFTER INSERT OR UPDATE OF is_default, deleted_at ON portfolios DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION portfolios_require_default();

  CREATE TABLE portfolio_transactions (
    id                    uuid PRIMARY KEY,
    portfolio_id          uuid NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    company_id            uuid NOT NULL REFERENCES market_companies (id) ON DELETE RESTRICT,
    type                  text NOT NULL CHECK (type IN ('BUY', 'SELL', 'IPO', 'FPO', 'RIGHTS', 'AUCTION', 'DIVIDEND', 'BONUS')),
    transacted_at         timestamptz NOT NULL,
    quantity              integer CHECK (quantity > 0),
    rate                  numeric(14, 4) CHECK (rate > 0),
    amount                numeric(16, 2) CHECK (amount >= 0),
    sebon_commission      numeric(16, 2) CHECK (sebon_commission >= 0),
    broker_commission     numeric(16, 2) CHECK (broker_commission >= 0),
    dp_fee                numeric(16, 2) CHECK (dp_fee >= 0),
    net_amount            numeric(16, 2) CHECK (net_amount >= 0),
    base_price            numeric(14, 4) CHECK (base_price >= 0),
    term                  text CHECK (term IN ('short', 'long')),
    cgt_amount            numeric(16, 2) CHECK (cgt_amount >= 0),
    notes                 text CHECK (char_length(notes) <= 500),
    units_after           bigint NOT NULL DEFAULT 0 CHECK (units_after >= 0),
    cost_after            numeric(24, 4) NOT NULL DEFAULT 0 CHECK (cost_after >= 0),
    realised_gain_after   numeric(24, 4) NOT NULL DEFAULT 0,
    dividend_income_after numeric(24, 2) NOT NULL DEFAULT 0,
    cgt_paid_after        numeric(24, 2) NOT NULL DEFAULT 0,
    deleted_at            timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT portfolio_transactions_shape CHECK (
      CASE type
        WHEN 'BUY' THEN num_nonnulls(quantity, rate, amount, sebon_commission, broker_commission, dp_fee, net_amount) = 7
                        AND num_nonnulls(base_price, term, cgt_amount) = 0
        WHEN 'SELL' THEN num_nonnulls(quantity, rate, amount, sebon_commission, broker_commission, dp_fee, net_amount, base_price, term, cgt_amount) = 10
        WHEN 'DIVIDEND' THEN amount IS NOT NULL
                        AND num_nonnulls(quantity, rate, sebon_commission, broker_commission, dp_fee, net_amount, base_price, term, cgt_amount) = 0
        WHEN 'BONUS' THEN quantity IS NOT NULL
                        AND num_nonnulls(rate, amount, sebon_commission, broker_commission, dp_fee, net_amount, base_price, term, cgt_amount) = 0
        ELSE num_nonnulls(quantity, rate, amount) = 3 AND num_nonnulls(net_amount, base_price, term, cgt_amount) = 0
      END)
  );
  -- Replay order within a company, and the transaction list of a portfolio (newest first).
  CREATE INDEX portfolio_transactions_timeline_idx ON portfolio_transactions (portfolio_id, company_id, transacted_at, id) WHERE deleted_at IS NULL;
  CREATE INDEX portfolio_transactions_list_idx ON portfolio_transactions (portfolio_id, transacted_at DESC, id DESC) WHERE deleted_at IS NULL;
  CREATE INDEX portfolio_transactions_company_idx ON portfolio_transactions (company_id);

  CREATE TABLE portfolio_holdings (
    portfolio_id        uuid NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    company_id          uuid NOT NULL REFERENCES market_companies (id) ON DELETE RESTRICT,
    units               bigint NOT NULL CHECK (units >= 0),
    cost                numeric(24, 4) NOT NULL CHECK (cost >= 0),
    realised_gain       numeric(24, 4) NOT NULL,
    dividend_income     numeric(24, 2) NOT NULL,
    cgt_paid            numeric(24, 2) NOT NULL,
    transactions        integer NOT NULL CHECK (transactions > 0),
    first_transacted_at timestamptz NOT NULL,
    last_transacted_at  timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (portfolio_id, company_id)
  );
  `,
  `DROP TABLE portfolio_holdings; DROP TABLE portfolio_transactions; DROP TABLE portfolios; DROP FUNCTION portfolios_require_default();`,
);
