import { Service } from 'typedi';
import { PortfolioCache } from '../portfolio-cache';
import { PortfolioHoldingsService } from '../portfolio-holdings.service';
import { pathUuid } from '../portfolio.errors';
import { distributionOf, PortfolioDistribution } from './portfolio-distribution';
import { PortfolioOwnership } from '../portfolio-ownership';

/**
 * A portfolio's distribution by company and by sector (market-data.md "Portfolio endpoints"):
 * from its holdings rows and their last prices, as the summary reads them, and cached with the
 * summary (30 s, afresh after every write).
 */
@Service()
export class PortfolioDistributionService {
  constructor(
    private readonly holdings: PortfolioHoldingsService,
    private readonly ownership: PortfolioOwnership,
    private readonly cache: PortfolioCache,
  ) {}

  async distribution(customerId: string, rawId: string): Promise<PortfolioDistribution> {
    const id = pathUuid(rawId, 'id');
    await this.ownership.require(customerId, id);
    return this.cache.read(id, 'summary', 'distribution', async () => distributionOf(id, await this.holdings.holdings(id)));
  }
}
