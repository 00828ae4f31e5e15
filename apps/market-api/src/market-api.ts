import { createHttpApp, HttpApp } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { CompanyDataController } from './analysis/company-data.controller';
import { CompanyDirectoryController } from './analysis/company-directory.controller';
import { CompanyValuationController } from './analysis/company-valuation.controller';
import { mountEmptySymbolRoute } from './analysis/empty-symbol-route';
import { PortfolioAnalysisController } from './portfolio/portfolio-analysis.controller';
import { PortfolioTransactionsController } from './portfolio/portfolio-transactions.controller';
import { PortfoliosController } from './portfolio/portfolios.controller';
import { MarketSessionController } from './session/market-session.controller';

export const MARKET_API_CONTROLLERS = [
  MarketSessionController,
  CompanyDirectoryController,
  CompanyDataController,
  CompanyValuationController,
  PortfoliosController,
  PortfolioTransactionsController,
  PortfolioAnalysisController,
];

/** Composition root of market-api: public `/api/market/...` and JWT `/api/v1/market/...`. */
export function createMarketApi(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'market-api',
    infra,
    container: createAppContainer('market-api', infra),
    controllers: MARKET_API_CONTROLLERS,
    configure: mountEmptySymbolRoute,
    openapi: { title: 'Market API', description: 'NEPSE stock analysis (public) and portfolios (JWT).' },
    // CONTRACT section 8: portfolio bodies are capped at 64 KiB, and over it the answer is 400 `Request body too large`.
    jsonBody: { limit: '64kb', tooLarge: 'VALIDATION_ERROR' },
  });
}
