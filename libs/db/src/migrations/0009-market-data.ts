import { sqlMigration } from './migration';

/**
 * The market data store behind the public stock-analysis endpoints (market-data.md, "Stock
 * analysis"; CONTRACT section 8), loaded by `npm run market:ingest` and by the demo data.
 *
 * - Companies (UUID ids: portfolio transactions reference them) belong to one sector; symbols are
 *   stored upper-case, so lookups of a case-insensitive symbol are one index probe.
 * - Metric values (statement line items, provider and computed metrics) carry `source`
 *   (mdp | computed | manual_swp) and `status` (valid | upstream_missing | insufficient_history |
 *   negative_input | insufficient_cohort); a CHECK makes the value present exactly when the status
 *   is valid, so "zero" and "missing" can never be confused (REFERENCE: providers blur them).
 * - Statement values are keyed by (company, statement, period type, fiscal year, quarter, audited,
 *   line item): quarter 0 is the annual period, and an audited annual value overrides the
 *   unaudited one of the same period (the reader prefers is_audited). Re-ingesting a corrected
 *   value replaces it (primary keys are the natural keys the ingestion upserts on).
 * - market_company_snapshots is the core snapshot row every endpoint reads first to decide 404;
 *   it exists for every ingested company.
 * - Prices: one row per company and trading day, intraday ticks per company and instant. The
 *   floor sheet (about 65,000 rows a busy day) is indexed for the per-symbol window queries of the
 *   broker analysis; it references brokers by their exchange number.
 */
export default sqlMigration(
  '0009-market-data',
  `
  CREATE TABLE market_sectors (
    id         uuid PRIMARY KEY,
    code       text NOT NULL CHECK (code ~ '^[a-z0-9]+(_[a-z0-9]+)*$' AND length(code) <= 60),
    name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT market_sectors_code_key UNIQUE (code)
  );

  CREATE TABLE market_companies (
    id                uuid PRIMARY KEY,
    symbol            text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{1,20}$'),
    name              text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 300),
    sector_id         uuid NOT NULL REFERENCES market_sectors (id) ON DELETE RESTRICT,
    listed_shares     bigint CHECK (listed_shares IS NULL OR listed_shares > 0),
    paid_up_per_share numeric(10, 2) NOT NULL DEFAULT 100 CHECK (paid_up_per_share > 0),
    status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'delisted')),
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT market_companies_symbol_key UNIQUE (symbol)
  );
  CREATE INDEX market_companies_sector_idx ON market_companies (sector_id);

  CREATE TABLE market_brokers (
    number     smallint PRIMARY KEY CHECK (number > 0),
    name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE market_company_snapshots (
    company_id     uuid PRIMARY KEY REFERENCES market_companies (id) ON DELETE CASCADE,
    as_of          date NOT NULL,
    last_price     numeric(14, 4) CHECK (last_price IS NULL OR last_price > 0),
    previous_close numeric(14, 4) CHECK (previous_close IS NULL OR previous_close > 0),
    week52_high    numeric(14, 4) CHECK (week52_high IS NULL OR week52_high > 0),
    week52_low     numeric(14, 4) CHECK (week52_low IS NULL OR week52_low > 0),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT market_company_snapshots_range CHECK (week52_low IS NULL OR week52_high IS NULL OR week52_low <= week52_high)
  );

  -- Provider (mdp), computed and manual (manual_swp) metrics of a company as of a date, e.g. eps_ttm.
  CREATE TABLE market_company_metrics (
    company_id uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    metric     text NOT NULL CHECK (metric ~ '^[a-z][a-z0-9_]*$' AND length(metric) <= 60),
    as_of      date NOT NULL,
    value      numeric(24, 6),
    source     text NOT NULL CHECK (source IN ('mdp', 'computed', 'manual_swp')),
    status     text NOT NULL CHECK (status IN ('valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, metric, as_of),
    CONSTRAINT market_company_metrics_value_iff_valid CHECK ((status = 'valid') = (value IS NOT NULL))
  );

  CREATE TABLE market_statement_values (
    company_id     uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    statement_type text NOT NULL CHECK (statement_type IN ('income', 'balance', 'cashflow')),
    period_type    text NOT NULL CHECK (period_type IN ('quarterly', 'annual')),
    -- The Nepali fiscal year by its starting year (2081 is 2081/82, mid-July 2024 to mid-July 2025).
    fiscal_year    smallint NOT NULL CHECK (fiscal_year BETWEEN 2000 AND 2200),
    -- 1-4 for a quarter; 0 for the annual period.
    fiscal_quarter smallint NOT NULL CHECK (fiscal_quarter BETWEEN 0 AND 4),
    is_audited     boolean NOT NULL DEFAULT false,
    line_item      text NOT NULL CHECK (line_item ~ '^[a-z][a-z0-9_]*$' AND length(line_item) <= 60),
    period_end     date NOT NULL,
    value          numeric(24, 6),
    source         text NOT NULL CHECK (source IN ('mdp', 'computed', 'manual_swp')),
    status         text NOT NULL CHECK (status IN ('valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort')),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, statement_type, period_type, fiscal_year, fiscal_quarter, is_audited, line_item),
    CONSTRAINT market_statement_values_period CHECK ((period_type = 'annual') = (fiscal_quarter = 0)),
    CONSTRAINT market_statement_values_audited_annual CHECK (NOT is_audited OR period_type = 'annual'),
    CONSTRAINT market_statement_values_value_iff_valid CHECK ((status = 'valid') = (value IS NOT NULL))
  );

  CREATE TABLE market_daily_prices (
    company_id     uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    trade_date     date NOT NULL,
    open           numeric(14, 4) NOT NULL CHECK (open > 0),
    high           numeric(14, 4) NOT NULL,
    low            numeric(14, 4) NOT NULL CHECK (low > 0),
    close          numeric(14, 4) NOT NULL,
    previous_close numeric(14, 4) CHECK (previous_close IS NULL OR previous_close > 0),
    volume         bigint NOT NULL DEFAULT 0 CHECK (volume >= 0),
    turnover       numeric(18, 2) NOT NULL DEFAULT 0 CHECK (turnover >= 0),
    PRIMARY KEY (company_id, trade_date),
    CONSTRAINT market_daily_prices_range CHECK (low <= LEAST(open, close) AND high >= GREATEST(open, close))
  );
  -- Cross-company reads of one day (a sector's cohort on the latest trading day).
  CREATE INDEX market_daily_prices_date_idx ON market_daily_prices (trade_date);

  CREATE TABLE market_intraday_prices (
    company_id uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    traded_at  timestamptz NOT NULL,
    price      numeric(14, 4) NOT NULL CHECK (price > 0),
    volume     bigint NOT NULL DEFAULT 0 CHECK (volume >= 0),
    PRIMARY KEY (company_id, traded_at)
  );

  CREATE TABLE market_dividends (
    company_id        uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    fiscal_year       smallint NOT NULL CHECK (fiscal_year BETWEEN 2000 AND 2200),
    cash_percent      numeric(8, 4) NOT NULL DEFAULT 0 CHECK (cash_percent >= 0),
    bonus_percent     numeric(8, 4) NOT NULL DEFAULT 0 CHECK (bonus_percent >= 0),
    announced_on      date,
    book_close_date   date,
    distribution_date date,
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, fiscal_year)
  );
  -- The global upcoming-book-closes feed: a date range over every company.
  CREATE INDEX market_dividends_book_close_idx ON market_dividends (book_close_date) WHERE book_close_date IS NOT NULL;

  -- Shareholding as of a date. Tier 1: promoter and public totals; tier 2: holder categories
  -- (institutions, mutual funds, individuals, ...); tier 3: the largest institutional holders;
  -- tier 4: the largest individual holders (not every company publishes it). holder is '' for
  -- a category total.
  CREATE TABLE market_ownership (
    company_id uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    as_of      date NOT NULL,
    tier       smallint NOT NULL CHECK (tier BETWEEN 1 AND 4),
    category   text NOT NULL CHECK (length(btrim(category)) BETWEEN 1 AND 100),
    holder     text NOT NULL DEFAULT '' CHECK (length(holder) <= 200),
    shares     bigint NOT NULL CHECK (shares >= 0),
    percent    numeric(7, 4) NOT NULL CHECK (percent BETWEEN 0 AND 100),
    PRIMARY KEY (company_id, as_of, tier, category, holder)
  );

  CREATE TABLE market_announcements (
    id           uuid PRIMARY KEY,
    company_id   uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    type         text NOT NULL CHECK (type IN ('dividend', 'bonus', 'rights', 'agm', 'financial_report')),
    title        text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 500),
    body         text CHECK (body IS NULL OR length(body) <= 20000),
    published_at timestamptz NOT NULL,
    source_url   text CHECK (source_url IS NULL OR source_url ~ '^https?://'),
    -- The ingestion's natural key: the same announcement loaded twice is one row.
    CONSTRAINT market_announcements_natural_key UNIQUE (company_id, type, published_at, title)
  );
  CREATE INDEX market_announcements_company_idx ON market_announcements (company_id, published_at DESC);

  CREATE TABLE market_floor_sheet (
    contract_id   bigint PRIMARY KEY CHECK (contract_id > 0),
    company_id    uuid NOT NULL REFERENCES market_companies (id) ON DELETE CASCADE,
    business_date date NOT NULL,
    traded_at     timestamptz NOT NULL,
    buyer_broker  smallint NOT NULL REFERENCES market_brokers (number),
    seller_broker smallint NOT NULL REFERENCES market_brokers (number),
    quantity      integer NOT NULL CHECK (quantity > 0),
    rate          numeric(14, 4) NOT NULL CHECK (rate > 0),
    amount        numeric(18, 2) NOT NULL CHECK (amount > 0)
  );
  -- Broker analysis: the trades of one symbol over a window of business days.
  CREATE INDEX market_floor_sheet_company_date_idx ON market_floor_sheet (company_id, business_date);
  `,
  `DROP TABLE market_floor_sheet; DROP TABLE market_announcements; DROP TABLE market_ownership;
   DROP TABLE market_dividends; DROP TABLE market_intraday_prices; DROP TABLE market_daily_prices;
   DROP TABLE market_statement_values; DROP TABLE market_company_metrics; DROP TABLE market_company_snapshots;
   DROP TABLE market_brokers; DROP TABLE market_companies; DROP TABLE market_sectors;`,
);
