import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AnalysedCompany, AnalysisAnswer, AnalysisCache, CompanyLookup, invalidMetric, metric, MetricValue, normaliseSymbol } from '../analysis';
import type { MetricSource, MetricStatus } from '../ingestion/metric-value';

/** The stored metrics the snapshot shows (market_company_metrics.metric → response key). */
const KEY_METRICS = {
  eps_ttm: 'epsTtm',
  bvps: 'bvps',
  pe: 'pe',
  pb: 'pb',
  roe: 'roe',
  dividend_yield: 'dividendYield',
  market_cap: 'marketCap',
} as const;

type KeyMetric = (typeof KEY_METRICS)[keyof typeof KEY_METRICS];

export interface CompanySnapshot {
  company: { symbol: string; name: string; sector: { code: string; name: string }; listingStatus: string; listedShares: number | null };
  price: {
    asOf: string;
    lastPrice: MetricValue;
    previousClose: MetricValue;
    change: MetricValue;
    changePercent: MetricValue;
    week52High: MetricValue;
    week52Low: MetricValue;
  };
  /** The latest as_of among the stored key metrics; null when the company has none. */
  metricsAsOf: string | null;
  metrics: Record<KeyMetric | 'computedMarketCap', MetricValue>;
}

interface MetricRow {
  metric: keyof typeof KEY_METRICS;
  asOf: string;
  value: string | null;
  source: MetricSource;
  status: MetricStatus;
}

/** The latest row of each key metric (the primary key (company, metric, as_of) serves it). */
const METRICS_SQL = `
  SELECT DISTINCT ON (metric) metric, to_char(as_of, 'YYYY-MM-DD') AS "asOf", value, source, status
    FROM market_company_metrics
   WHERE company_id = :companyId AND metric IN (:metrics)
   ORDER BY metric, as_of DESC`;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** GET /companies/{symbol}/fundamentals/snapshot: the company, its price block and key metrics. */
@Service()
export class CompanySnapshotService {
  constructor(
    private readonly db: Database,
    private readonly companies: CompanyLookup,
    private readonly cache: AnalysisCache,
  ) {}

  read(rawSymbol: string | undefined): Promise<AnalysisAnswer<CompanySnapshot>> {
    const symbol = normaliseSymbol(rawSymbol);
    return this.cache.read('snapshot', { symbol }, async () => {
      const company = await this.companies.find(symbol);
      const rows = await this.db.sequelize.query<MetricRow>(METRICS_SQL, {
        replacements: { companyId: company.id, metrics: Object.keys(KEY_METRICS) },
        type: QueryTypes.SELECT,
      });
      return present(company, rows);
    });
  }
}

function present(company: AnalysedCompany, rows: MetricRow[]): CompanySnapshot {
  const { snapshot } = company;
  const metrics = Object.fromEntries(Object.values(KEY_METRICS).map((key) => [key, invalidMetric('mdp', 'upstream_missing')])) as CompanySnapshot['metrics'];
  for (const row of rows) metrics[KEY_METRICS[row.metric]] = metric(row.value, row.source, row.status);
  // market-data.md rule 4: what cannot be computed is a metric with a status, never an error.
  const { lastPrice, previousClose } = snapshot;
  const move = lastPrice !== null && previousClose !== null ? lastPrice - previousClose : null;
  const change = move === null ? invalidMetric('computed', 'upstream_missing') : metric(round(move, 4), 'computed');
  const changePercent =
    move === null || previousClose === null ? invalidMetric('computed', 'upstream_missing') : metric(round((move / previousClose) * 100, 2), 'computed');
  metrics.computedMarketCap =
    lastPrice !== null && company.listedShares !== null ? metric(round(lastPrice * company.listedShares, 2), 'computed') : invalidMetric('computed', 'upstream_missing');
  return {
    company: {
      symbol: company.symbol,
      name: company.name,
      sector: { code: company.sector.code, name: company.sector.name },
      // Not `status`: that key means a metric value's status everywhere in these answers.
      listingStatus: company.status,
      listedShares: company.listedShares,
    },
    price: {
      asOf: snapshot.asOf,
      lastPrice: metric(lastPrice, 'mdp'),
      previousClose: metric(previousClose, 'mdp'),
      change,
      changePercent,
      week52High: metric(snapshot.week52High, 'mdp'),
      week52Low: metric(snapshot.week52Low, 'mdp'),
    },
    metricsAsOf: rows.reduce<string | null>((latest, row) => (latest === null || row.asOf > latest ? row.asOf : latest), null),
    metrics,
  };
}
