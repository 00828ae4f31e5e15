export { PortfoliosService } from './portfolios.service';
export { PortfolioTransactionsService } from './portfolio-transactions.service';
export { AddPortfolioTransactionUseCase } from './add-portfolio-transaction.use-case';
export { PortfolioHoldingsService } from './portfolio-holdings.service';
export type { PortfolioSummary, HoldingView } from './portfolio-holdings.service';
export { PortfolioCache, PORTFOLIO_FRESHNESS_SECONDS } from './portfolio-cache';
export { PositionRebuild, TIMELINE_START } from './positions/position-rebuild';
export { PortfolioOwnership } from './portfolio-ownership';
export type { PortfolioView, PortfolioDetailView } from './portfolio.views';
export type { TransactionView } from './transaction.views';
export { TRANSACTION_TYPES, SELL_TERMS } from './input';
export type { TransactionType } from './input';
export { PortfolioValuationService, PortfolioDistributionService, PortfolioCompanyService, PortfolioBrokerAnalysisService, VALUATION_RANGES } from './reads';
export type {
  PortfolioValuation,
  DailyValuationPoint,
  IntradayValuationPoint,
  ValuationRange,
  PortfolioDistribution,
  CompanyShare,
  SectorShare,
  PortfolioCompanyView,
  PortfolioCompanyPosition,
  PortfolioTimelineEntry,
  PortfolioBrokerAnalysis,
  SymbolBrokerAnalysis,
  BrokerActivity,
} from './reads';
