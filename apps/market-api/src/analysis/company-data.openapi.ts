import { OpenAPI } from 'routing-controllers-openapi';
import { array, envelope, ERROR, METRIC_VALUE, object, Schema } from './analysis.openapi';

/** OpenAPI pieces of the company-data routes (market-data.md "Stock analysis"; CONTRACT sections 4 and 8). */

const string = { type: 'string' };
const date = { type: 'string', format: 'date' };
const nullableDate = { type: 'string', format: 'date', nullable: true };
const number = { type: 'number' };
const integer = { type: 'integer' };

const metrics = (names: string[]) => object(Object.fromEntries(names.map((name) => [name, METRIC_VALUE])));

const DIVIDEND = object({
  fiscalYear: integer,
  cashPercent: number,
  bonusPercent: number,
  announcedOn: nullableDate,
  bookCloseDate: nullableDate,
  distributionDate: nullableDate,
});
const OWNERSHIP_ENTRY = object({ category: string, holder: { type: 'string', nullable: true, description: 'null for a category total' }, shares: integer, percent: number });
const WINDOW = object({ from: date, to: date }, { description: 'Nepal dates, both inclusive' });

export const SCHEMAS = {
  snapshot: object({
    company: object({ symbol: string, name: string, sector: object({ code: string, name: string }), listingStatus: { type: 'string', enum: ['active', 'suspended', 'delisted'] }, listedShares: { type: 'integer', nullable: true } }),
    price: object({ asOf: date, ...metrics(['lastPrice', 'previousClose', 'change', 'changePercent', 'week52High', 'week52Low']).properties }),
    metricsAsOf: nullableDate,
    metrics: metrics(['epsTtm', 'bvps', 'pe', 'pb', 'roe', 'dividendYield', 'marketCap', 'computedMarketCap']),
  }),
  statements: object({
    type: { type: 'string', enum: ['income', 'balance', 'cashflow'] },
    period: { type: 'string', enum: ['quarterly', 'annual'] },
    years: integer,
    available: { type: 'boolean' },
    reason: { type: 'string', nullable: true },
    rows: array(
      object({
        fiscalYear: { type: 'integer', description: 'Nepali fiscal year by its starting year (2081 = 2081/82)' },
        fiscalQuarter: { type: 'integer', nullable: true, description: '1-4; null for the annual period' },
        periodEnd: date,
        audited: { type: 'boolean' },
        items: { type: 'object', additionalProperties: METRIC_VALUE, description: 'line item → metric value' },
      }),
    ),
  }),
  dividends: object({ years: integer, upcomingDays: integer, upcomingWindow: WINDOW, history: array(DIVIDEND), upcoming: array(DIVIDEND) }),
  upcomingBookCloses: object({
    days: integer,
    limit: integer,
    window: WINDOW,
    bookCloses: array(object({ symbol: string, name: string, sectorCode: string, bookCloseDate: date, cashPercent: number, bonusPercent: number, fiscalYear: integer })),
  }),
  ownership: object({
    asOf: nullableDate,
    tiers: object(Object.fromEntries(['Tier1', 'Tier2', 'Tier3', 'Tier4'].map((tier) => [tier, array(OWNERSHIP_ENTRY)]))),
  }),
  announcements: object({
    filters: object({
      types: array({ type: 'string', enum: ['dividend', 'bonus', 'rights', 'agm', 'financial_report'] }),
      from: { type: 'string', format: 'date-time', nullable: true },
      to: { type: 'string', format: 'date-time', nullable: true },
      limit: integer,
    }),
    announcements: array(object({ id: { type: 'string', format: 'uuid' }, type: string, title: string, body: { type: 'string', nullable: true }, publishedAt: { type: 'string', format: 'date-time' }, sourceUrl: { type: 'string', nullable: true } })),
  }),
} satisfies Record<string, Schema>;

const COMMON =
  'Public; 30 requests per minute per IP shared by every stock-analysis route (429 RATE_LIMIT_EXCEEDED with Retry-After). ' +
  'Answers are cached server-side for the freshness the Cache-Control header states.';
const SYMBOL =
  ' {symbol} is case-insensitive (trimmed, upper-cased); an empty or blank symbol is 400 `symbol is required`; an unknown one 404 `Company not found`.';

/** @OpenAPI of one route: summary, how its query is normalised, the `data` schema and its errors. */
export function documented(summary: string, description: string, data: Schema, company = true): MethodDecorator {
  return OpenAPI({
    summary,
    description: `${description} ${COMMON}${company ? SYMBOL : ''}`,
    responses: company
      ? envelope(data, summary)
      : {
          '200': envelope(data, summary)['200'],
          '429': { description: 'more than 30 stock-analysis requests per minute from this IP', ...ERROR },
        },
  }) as MethodDecorator;
}
