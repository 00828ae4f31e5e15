import { sqlMigration } from './migration';

/**
 * Ties of transacted_at (every date-only transaction of a day is at the same Nepal midnight) are
 * broken by creation order, which a UUIDv7 made by an app host only approximates (two hosts'
 * clocks disagree by milliseconds). `sequence` is the database's own order of inserts; replays,
 * timelines and lists order by (transacted_at, sequence). Also indexes for the cascades and the
 * RESTRICT checks that had only partial indexes.
 */
export default sqlMigration(
  '0011-portfolio-transaction-order',
  `
  ALTER TABLE portfolio_transactions ADD COLUMN sequence bigint GENERATED ALWAYS AS IDENTITY;
  DROP INDEX portfolio_transactions_timeline_idx;
  CREATE INDEX portfolio_transactions_timeline_idx ON portfolio_transactions (portfolio_id, company_id, transacted_at, sequence) WHERE deleted_at IS NULL;
  DROP INDEX portfolio_transactions_list_idx;
  CREATE INDEX portfolio_transactions_list_idx ON portfolio_transactions (portfolio_id, transacted_at DESC, sequence DESC) WHERE deleted_at IS NULL;
  CREATE INDEX portfolio_transactions_portfolio_idx ON portfolio_transactions (portfolio_id);
  CREATE INDEX portfolios_customer_idx ON portfolios (customer_id);
  CREATE INDEX portfolio_holdings_company_idx ON portfolio_holdings (company_id);
  `,
  `DROP INDEX portfolio_holdings_company_idx; DROP INDEX portfolios_customer_idx; DROP INDEX portfolio_transactions_portfolio_idx;
   DROP INDEX portfolio_transactions_list_idx;
   CREATE INDEX portfolio_transactions_list_idx ON portfolio_transactions (portfolio_id, transacted_at DESC, id DESC) WHERE deleted_at IS NULL;
   DROP INDEX portfolio_transactions_timeline_idx;
   CREATE INDEX portfolio_transactions_timeline_idx ON portfolio_transactions (portfolio_id, company_id, transacted_at, id) WHERE deleted_at IS NULL;
   ALTER TABLE portfolio_transactions DROP COLUMN sequence;`,
);
