import { bigInteger, boolean, date, decimal, httpUrl, instant, integer, oneOf, symbol, text } from './cell-parsers';
import { fiscalYear, lineItem, metricValue, name, percent } from './column-rules';
import { marketFile, optional, required, withDefault } from './market-file';
import { METRIC_SOURCES, METRIC_STATUSES } from './metric-value';
import { metricStatus, statementPeriod } from './row-rules';

/** Fundamentals: statement values, metrics, dividends, ownership and announcements. */
export const statements = marketFile({
  name: 'statements',
  columns: {
    symbol: required(symbol),
    statement_type: required(oneOf(['income', 'balance', 'cashflow'] as const)),
    period_type: required(oneOf(['quarterly', 'annual'] as const)),
    fiscal_year: required(fiscalYear),
    fiscal_quarter: withDefault(integer(0, 4), 0),
    is_audited: withDefault(boolean, false),
    line_item: required(lineItem),
    period_end: required(date),
    value: optional(metricValue),
    source: withDefault(oneOf(METRIC_SOURCES), 'mdp'),
    status: optional(oneOf(METRIC_STATUSES)),
  },
  key: ['symbol', 'statement_type', 'period_type', 'fiscal_year', 'fiscal_quarter', 'is_audited', 'line_item'],
  references: { symbol: 'company' },
  finish: (row) => metricStatus(statementPeriod(row)),
  table: {
    table: 'market_statement_values',
    columns: {
      statement_type: 'text',
      period_type: 'text',
      fiscal_year: 'smallint',
      fiscal_quarter: 'smallint',
      is_audited: 'boolean',
      line_item: 'text',
      period_end: 'date',
      value: 'numeric',
      source: 'text',
      status: 'text',
    },
    resolveCompany: true,
    conflict: ['company_id', 'statement_type', 'period_type', 'fiscal_year', 'fiscal_quarter', 'is_audited', 'line_item'],
    updatedAt: true,
  },
});

export const metrics = marketFile({
  name: 'metrics',
  columns: {
    symbol: required(symbol),
    metric: required(lineItem),
    as_of: required(date),
    value: optional(metricValue),
    source: withDefault(oneOf(METRIC_SOURCES), 'mdp'),
    status: optional(oneOf(METRIC_STATUSES)),
  },
  key: ['symbol', 'metric', 'as_of'],
  references: { symbol: 'company' },
  finish: metricStatus,
  table: {
    table: 'market_company_metrics',
    columns: { metric: 'text', as_of: 'date', value: 'numeric', source: 'text', status: 'text' },
    resolveCompany: true,
    conflict: ['company_id', 'metric', 'as_of'],
    updatedAt: true,
  },
});

export const dividends = marketFile({
  name: 'dividends',
  columns: {
    symbol: required(symbol),
    fiscal_year: required(fiscalYear),
    cash_percent: withDefault(percent, '0.0000'),
    bonus_percent: withDefault(percent, '0.0000'),
    announced_on: optional(date),
    book_close_date: optional(date),
    distribution_date: optional(date),
  },
  key: ['symbol', 'fiscal_year'],
  references: { symbol: 'company' },
  table: {
    table: 'market_dividends',
    columns: {
      fiscal_year: 'smallint',
      cash_percent: 'numeric',
      bonus_percent: 'numeric',
      announced_on: 'date',
      book_close_date: 'date',
      distribution_date: 'date',
    },
    resolveCompany: true,
    conflict: ['company_id', 'fiscal_year'],
    updatedAt: true,
  },
});

export const ownership = marketFile({
  name: 'ownership',
  columns: {
    symbol: required(symbol),
    as_of: required(date),
    tier: required(integer(1, 4)),
    category: required(name(100)),
    holder: withDefault(text({ max: 200 }), ''),
    shares: required(bigInteger(0n)),
    percent: required(decimal({ precision: 7, scale: 4, min: 'non-negative', max: 100 })),
  },
  key: ['symbol', 'as_of', 'tier', 'category', 'holder'],
  references: { symbol: 'company' },
  table: {
    table: 'market_ownership',
    columns: { as_of: 'date', tier: 'smallint', category: 'text', holder: 'text', shares: 'bigint', percent: 'numeric' },
    resolveCompany: true,
    conflict: ['company_id', 'as_of', 'tier', 'category', 'holder'],
  },
});

export const announcements = marketFile({
  name: 'announcements',
  columns: {
    symbol: required(symbol),
    type: required(oneOf(['dividend', 'bonus', 'rights', 'agm', 'financial_report'] as const)),
    title: required(name(500)),
    body: optional(text({ max: 20_000 })),
    published_at: required(instant),
    source_url: optional(httpUrl),
  },
  key: ['symbol', 'type', 'published_at', 'title'],
  references: { symbol: 'company' },
  table: {
    table: 'market_announcements',
    columns: { type: 'text', title: 'text', body: 'text', published_at: 'timestamptz', source_url: 'text' },
    resolveCompany: true,
    conflict: ['company_id', 'type', 'published_at', 'title'],
    newId: true,
  },
});
