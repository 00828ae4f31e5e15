import type { Request } from 'express';
import { CurrentUser, Get, JsonController, Param, Req } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, PortfolioBrokerAnalysisService, PortfolioCompanyService, PortfolioDistributionService, PortfolioValuationService } from '@platform/domain';
import { CustomerOnlyRoute } from '@platform/http';

/**
 * The analytical reads of a portfolio (market-data.md "Portfolio endpoints and rules"): valuation
 * over a range, distribution, one company with its timeline, broker analysis. Thin: the domain
 * reads the query, answers the spec's messages and caches. Another customer's portfolio is 404.
 */
@Service()
@JsonController('/api/v1/market/portfolios')
@CustomerOnlyRoute()
export class PortfolioAnalysisController {
  constructor(
    private readonly valuations: PortfolioValuationService,
    private readonly distributions: PortfolioDistributionService,
    private readonly companies: PortfolioCompanyService,
    private readonly brokers: PortfolioBrokerAnalysisService,
  ) {}

  @Get('/:id/valuation')
  @OpenAPI({
    summary: 'Value and cost basis over a range: daily closes for 1W…ALL, the latest intraday day’s ticks for 1D',
    description:
      'range: 1D | 1W | 1M (default when absent or empty) | 3M | 6M | 1Y | YTD | ALL, case-insensitive; any other value is 400 ' +
      '`range must be one of: 1D 1W 1M 3M 6M 1Y YTD ALL`. Daily ranges end at the latest trading day of the portfolio’s companies ' +
      '(1W: its last 7 calendar days; 1M…1Y: the last 1, 3, 6, 12 calendar months; YTD: since 1 January; ALL: since the first ' +
      'transaction) and start no earlier than the first transaction’s day; one point { date, value, invested, unpriced } per trading ' +
      'day, with the units and cost basis held at the end of that Nepal day and each company’s close of the day (its latest earlier ' +
      'close when it did not trade). 1D: one point { time, value, invested, unpriced } per tick time of the latest intraday day, with ' +
      'the units held at that instant and each company’s latest tick (before its first tick, the previous close). A company without ' +
      'a price adds nothing to value and counts in unpriced. change = last value − first value; changePercent against the first ' +
      'value. Cached 60 s (1D) or 5 min; any write to the portfolio refreshes it.',
  })
  valuation(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Req() req: Request) {
    return this.valuations.valuation(customer.id, id, req.query);
  }

  @Get('/:id/distribution')
  @OpenAPI({
    summary: 'Held companies (units > 0) and their sectors by current value, with weights of the priced total',
    description:
      'byCompany and bySector, largest value first. currentValue = units × last price; a holding without a price has currentValue ' +
      'and weightPercent null, is listed last and is in no weight (a sector’s value is that of its priced holdings). Cached 30 s; ' +
      'any write to the portfolio refreshes it.',
  })
  distribution(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return this.distributions.distribution(customer.id, id);
  }

  /** Express does not match `:symbol` on an empty segment: `companies/` and `companies` are an empty symbol (400), not 404. */
  @Get('/:id/companies')
  @OpenAPI({ summary: 'An empty {symbol}: 400 `symbol is required`' })
  emptySymbol(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Req() req: Request) {
    return this.companies.company(customer.id, id, '', req.query);
  }

  @Get('/:id/companies/:symbol')
  @OpenAPI({
    summary: 'One company of the portfolio: its position and its timeline of transactions with the holding after each',
    description:
      'symbol: case-insensitive, trimmed (empty: 400 `symbol is required`; unknown: 404 `Company not found`). A company the ' +
      'portfolio never traded answers a zero position and an empty timeline. Timeline: the live transactions, page, size ≤ 100, ' +
      'sort transactedAt (the only one), order asc (default) | desc, ties by creation order; each with holdingAfter { units, cost, ' +
      'averageCost, realisedGain (cumulative) }; count is the number of transactions in all.',
  })
  company(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Param('symbol') symbol: string, @Req() req: Request) {
    return this.companies.company(customer.id, id, symbol, req.query);
  }

  @Get('/:id/broker-analysis')
  @OpenAPI({
    summary: 'Floor-sheet activity per broker in each held symbol over a window of business dates',
    description:
      'from, to: YYYY-MM-DD or RFC 3339 (its Nepal date), inclusive; to defaults to the latest business date of the held symbols ' +
      'in the floor sheet, from to 29 days before to (30 days); unparseable: 400 `from must be a date (YYYY-MM-DD) or an RFC 3339 ' +
      'timestamp`. limit: brokers per symbol, a whole number 1..50 (default 10). Per held symbol (units > 0): totals { trades, ' +
      'quantity, amount, brokers } and the top brokers by bought + sold quantity (ties by broker number) with boughtQuantity, ' +
      'boughtAmount, soldQuantity, soldAmount and netQuantity (bought − sold).',
  })
  brokerAnalysis(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Req() req: Request) {
    return this.brokers.analysis(customer.id, id, req.query);
  }
}
