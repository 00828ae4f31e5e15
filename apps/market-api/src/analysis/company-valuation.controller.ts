import type { Response } from 'express';
import { JsonController, Param, QueryParam, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CompanyValuationService } from '@platform/domain';
import { ApiParameters } from '@platform/http';
import { AnalysisGet, sendAnalysis } from './analysis-route';
import { array, envelope, METRIC_VALUE, object } from './analysis.openapi';

const STATUSES =
  ' Statuses: upstream_missing when a stored input is missing or not valid; negative_input when a divisor or input that must be ' +
  'positive is ≤ 0; insufficient_history when an earlier annual period a formula needs is absent; insufficient_cohort when fewer ' +
  'than 3 other companies of the sector (the company itself excluded) have a valid value. `value` is present only when status is valid. Checked in order: empty symbol 400, invalid query 400, then (uncached) unknown symbol 404.';

const RATIO = object({ key: { type: 'string' }, label: { type: 'string' }, unit: { type: 'string', enum: ['x', '%', 'NPR'] }, formula: { type: 'string' }, ...METRIC_VALUE.properties });
const FAIR_VALUE_METHOD = object({
  method: { type: 'string', enum: ['graham_number', 'sector_pe'] },
  value: METRIC_VALUE,
  inputs: { type: 'object', additionalProperties: METRIC_VALUE },
  formula: { type: 'string' },
});

/** Ratios, fair value and peer comparison of the public stock analysis (market-data.md). Thin: the domain decides. */
@Service()
@JsonController('/api/market')
export class CompanyValuationController {
  constructor(private readonly valuation: CompanyValuationService) {}

  @AnalysisGet('/companies/:symbol/fundamentals/ratios')
  @OpenAPI({
    summary: 'Financial ratios of a company by tab',
    description:
      '`tab`: valuation (default; empty reverts to it), profitability, solvency, growth; trimmed and case-insensitive; anything else ' +
      '400 `invalid tab; expected valuation, profitability, solvency or growth`. valuation: pe = lastPrice / eps, pb = lastPrice / bvps, ' +
      'eps (provider eps_ttm) and bvps (provider bvps), source mdp; earningsYield = eps / lastPrice × 100; dividendYield = latest cash ' +
      'dividend % × paid-up value / lastPrice; plus sectorComparison (median P/E and P/B of the other companies of the sector; cohortSize counts them). Statement tabs use the latest ' +
      'annual report (audited preferred): profitability roe = net_profit / average total_equity × 100, roa = net_profit / average ' +
      'total_assets × 100, netMargin = net_profit / total_revenue × 100, npl (only for companies reporting npl_ratio); solvency ' +
      'debtToEquity = total_liabilities / total_equity, equityRatio = total_equity / total_assets × 100; growth revenueGrowth and ' +
      'netProfitGrowth (YoY %), revenueCagr3y and netProfitCagr3y (% a year over 3 years). Ratios are rounded to 4 decimals.' +
      STATUSES,
    responses: envelope(
      object({
        symbol: { type: 'string' },
        tab: { type: 'string' },
        asOf: { type: 'string', format: 'date' },
        fiscalYear: { type: 'integer', nullable: true },
        ratios: array(RATIO),
        sectorComparison: object({ sector: object({ code: { type: 'string' }, name: { type: 'string' } }), cohortSize: { type: 'integer' }, medianPe: METRIC_VALUE, medianPb: METRIC_VALUE }),
      }),
    ),
  })
  @ApiParameters({ in: 'query', name: 'tab', required: false, schema: { type: 'string', enum: ['valuation', 'profitability', 'solvency', 'growth'] } })
  ratios(@Param('symbol') symbol: string, @Res() res: Response, @QueryParam('tab', { type: String }) tab?: string | string[]) {
    return sendAnalysis(res, this.valuation.ratios(symbol, tab));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/fair-value')
  @OpenAPI({
    summary: 'Fair value of a company by two methods, with inputs and a summary',
    description:
      'No query. inputs: every input any method uses (eps, bvps, sectorMedianPe), each a metric value; each method also lists its own. graham_number = √(22.5 × eps × bvps) (negative_input when eps or bvps ≤ 0); sector_pe = sector median P/E × eps ' +
      '(negative_input when eps ≤ 0, insufficient_cohort when fewer than 3 other companies of the sector have a valid P/E). summary.fairValue ' +
      'is the mean of the valid methods (the first method\'s status when none is valid), upsidePercent = (fairValue − lastPrice) / ' +
      'lastPrice × 100, validMethods the count. Both methods invalid is still 200. Rupee values are rounded to 2 decimals.' +
      STATUSES,
    responses: envelope(
      object({
        symbol: { type: 'string' },
        asOf: { type: 'string', format: 'date' },
        methods: array(FAIR_VALUE_METHOD),
        inputs: { type: 'object', additionalProperties: METRIC_VALUE, description: 'every input of every method, once each: eps, bvps, sectorMedianPe' },
        summary: object({ fairValue: METRIC_VALUE, lastPrice: METRIC_VALUE, upsidePercent: METRIC_VALUE, validMethods: { type: 'integer' } }),
      }),
    ),
  })
  fairValue(@Param('symbol') symbol: string, @Res() res: Response) {
    return sendAnalysis(res, this.valuation.fairValue(symbol));
  }

  @AnalysisGet('/companies/:symbol/fundamentals/peers')
  @OpenAPI({
    summary: 'Peer comparison: the company and up to 4 peers of its sector, with a radar',
    description:
      '`symbols`: comma-separated and/or repeated, trimmed and upper-cased, empties dropped, the first 20 read, each cut to 20 ' +
      'characters. One that is not 1-20 letters and digits is unknown_symbol (echoed cut); every other is kept or ' +
      'excluded with a reason (checked in order): duplicate, focal_company, unknown_symbol, different_sector. The first 4 valid ' +
      'peers are kept; further valid ones are silently dropped. Without symbols (absent or all empty), the peers are the 4 ' +
      'largest active companies of the sector by market capitalisation (last price × listed shares; none: last). companies: the focal company (isFocal true) first, then the kept ' +
      'peers, each with lastPrice and metrics pe, pb, eps, dividendYield, marketCap (as on the ratios valuation tab) and roe (as on ' +
      'the profitability tab). radar: for pe, pb (inverted: lower is better), roe, eps, dividendYield and marketCap, each company\'s ' +
      'value scaled 0-100 within the group by min-max (100 when all are equal); a company without a valid value gets its status.' +
      STATUSES,
    responses: envelope(
      object({
        symbol: { type: 'string' },
        sector: object({ code: { type: 'string' }, name: { type: 'string' } }),
        companies: array(object({ symbol: { type: 'string' }, name: { type: 'string' }, isFocal: { type: 'boolean' }, sector: { type: 'string' }, lastPrice: METRIC_VALUE, metrics: { type: 'object', additionalProperties: METRIC_VALUE } })),
        excludedPeers: array(object({ symbol: { type: 'string' }, reason: { type: 'string', enum: ['unknown_symbol', 'duplicate', 'different_sector', 'focal_company'] } })),
        radar: array(object({ metric: { type: 'string' }, label: { type: 'string' }, higherIsBetter: { type: 'boolean' }, values: array(object({ symbol: { type: 'string' }, score: METRIC_VALUE })) })),
      }),
    ),
  })
  @ApiParameters({ in: 'query', name: 'symbols', required: false, schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true })
  peers(@Param('symbol') symbol: string, @Res() res: Response, @QueryParam('symbols', { type: String }) symbols?: string | string[]) {
    return sendAnalysis(res, this.valuation.peers(symbol, symbols));
  }
}
