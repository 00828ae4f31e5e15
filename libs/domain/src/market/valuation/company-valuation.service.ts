import { Service } from 'typedi';
import { AnalysisAnswer, AnalysisCache } from '../analysis/analysis-cache';
import { AnalysedCompany, CompanyLookup, normaliseSymbol } from '../analysis/company-lookup';
import type { MetricValue } from '../analysis/metric';
import { fairValueInputs, FairValueMethod, FairValueSummary, fairValueSummary, grahamNumber, sectorPeValue } from './fair-value';
import { ExcludedPeer, MAX_PEERS, normalisePeerSymbols, RequestedPeer, selectPeers } from './peer-selection';
import { priceMetrics, sectorMedians } from './price-metrics';
import { radar, RadarAxis, RadarMetric } from './radar';
import {
  growthRatios,
  normaliseTab,
  profitabilityRatios,
  RatioEntry,
  RatioTab,
  SectorComparison,
  sectorComparison,
  solvencyRatios,
  valuationRatios,
} from './ratio-tabs';
import { AnnualStatements, returnOnEquity } from './statement-ratios';
import { CompanyFigures, ValuationReader } from './valuation-reader';

export interface RatiosView {
  symbol: string;
  tab: RatioTab;
  asOf: string;
  /** Fiscal year (Nepali, by its starting year) of the latest annual report the statement ratios use. */
  fiscalYear: number | null;
  ratios: RatioEntry[];
  /** Valuation tab only. */
  sectorComparison?: SectorComparison;
}

export interface FairValueView {
  symbol: string;
  asOf: string;
  methods: FairValueMethod[];
  /** Every input of every method, once each. */
  inputs: Record<string, MetricValue>;
  summary: FairValueSummary;
}

export interface PeerCompany {
  symbol: string;
  name: string;
  isFocal: boolean;
  sector: string;
  lastPrice: MetricValue;
  metrics: Record<RadarMetric, MetricValue>;
}

export interface PeersView {
  symbol: string;
  sector: { code: string; name: string };
  companies: PeerCompany[];
  excludedPeers: ExcludedPeer[];
  radar: RadarAxis[];
}

/**
 * Ratios, fair value and peer comparison of a listed company (market-data.md, "Stock analysis").
 * Like every stock-analysis endpoint: the symbol is normalised (400 when empty), the query
 * validated (400), then the per-endpoint cache keyed by the normalised query is read; on a miss the
 * core snapshot row is the loader's first read (404 `Company not found`, rule 3), then the rest.
 */
@Service()
export class CompanyValuationService {
  constructor(
    private readonly lookup: CompanyLookup,
    private readonly cache: AnalysisCache,
    private readonly reader: ValuationReader,
  ) {}

  async ratios(rawSymbol: string | undefined, rawTab: unknown): Promise<AnalysisAnswer<RatiosView>> {
    const symbol = normaliseSymbol(rawSymbol);
    const tab = normaliseTab(rawTab);
    return this.cache.read('ratios', { symbol, tab }, async () => {
      const company = await this.lookup.find(symbol);
      const figures = await this.figuresOf(company);
      const statements = new AnnualStatements(figures);
      const view: RatiosView = { symbol: company.symbol, tab, asOf: company.snapshot.asOf, fiscalYear: statements.latestYear, ratios: [] };
      if (tab === 'valuation') {
        view.ratios = valuationRatios(priceMetrics(figures));
        view.sectorComparison = sectorComparison({ code: company.sector.code, name: company.sector.name }, sectorMedians(await this.reader.sectorCohort(company.sector.id, company.id)));
      } else if (tab === 'profitability') view.ratios = profitabilityRatios(statements);
      else if (tab === 'solvency') view.ratios = solvencyRatios(statements);
      else view.ratios = growthRatios(statements);
      return view;
    });
  }

  async fairValue(rawSymbol: string | undefined): Promise<AnalysisAnswer<FairValueView>> {
    const symbol = normaliseSymbol(rawSymbol);
    return this.cache.read('fairValue', { symbol }, async () => {
      const company = await this.lookup.find(symbol);
      const prices = priceMetrics(await this.figuresOf(company));
      const { medianPe } = sectorMedians(await this.reader.sectorCohort(company.sector.id, company.id));
      const methods = [grahamNumber(prices), sectorPeValue(prices, medianPe)];
      const summary = fairValueSummary(methods, prices.lastPrice);
      return { symbol: company.symbol, asOf: company.snapshot.asOf, methods, inputs: fairValueInputs(methods), summary };
    });
  }

  async peers(rawSymbol: string | undefined, rawSymbols: unknown): Promise<AnalysisAnswer<PeersView>> {
    const symbol = normaliseSymbol(rawSymbol);
    const requested = normalisePeerSymbols(rawSymbols);
    return this.cache.read('peers', { symbol, symbols: requested }, async () => {
      const company = await this.lookup.find(symbol);
      const { keptIds, excluded } = requested.length
        ? await this.requestedPeers(company, requested)
        : { keptIds: await this.reader.largestSectorPeers(company.sector.id, company.id, MAX_PEERS), excluded: [] };
      const figures = await this.reader.byIds([company.id, ...keptIds]);
      const order = [company.id, ...keptIds];
      figures.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
      const companies = figures.map((f) => peerCompany(f, f.id === company.id, company.sector.code));
      return { symbol: company.symbol, sector: { code: company.sector.code, name: company.sector.name }, companies, excludedPeers: excluded, radar: radar(companies) };
    });
  }

  private async requestedPeers(company: AnalysedCompany, requested: RequestedPeer[]) {
    const stored = await this.reader.companiesBySymbol(requested.filter((peer) => peer.storable).map((peer) => peer.symbol));
    const known = new Map(stored.map((c) => [c.symbol, c]));
    return selectPeers({ symbol: company.symbol, sectorId: company.sector.id }, requested, known);
  }

  private async figuresOf(company: AnalysedCompany): Promise<CompanyFigures> {
    const [figures] = await this.reader.byIds([company.id]);
    return figures;
  }
}

/** A peer's row: eps, pe, pb, dividendYield and marketCap as on the valuation tab, roe as on the profitability tab. */
function peerCompany(figures: CompanyFigures, isFocal: boolean, sector: string): PeerCompany {
  const prices = priceMetrics(figures);
  const { pe, pb, eps, dividendYield, marketCap } = prices;
  const roe = returnOnEquity(new AnnualStatements(figures));
  return { symbol: figures.symbol, name: figures.name, isFocal, sector, lastPrice: prices.lastPrice, metrics: { pe, pb, roe, eps, dividendYield, marketCap } };
}
