import { expect } from 'chai';
import { DistributedHolding, distributionOf } from './portfolio-distribution';

const holding = (symbol: string, sector: string, units: string, cost: string, lastPrice: string | null): DistributedHolding => ({
  companyId: `id-${symbol}`,
  symbol,
  name: `${symbol} Ltd`,
  sectorCode: sector,
  sectorName: `${sector} sector`,
  units,
  cost,
  lastPrice,
});

describe('portfolio distribution', () => {
  it('weights companies and sectors by value in the priced total, largest first, unpriced last with null values', () => {
    const distribution = distributionOf('p', [
      holding('B', 'banks', '20', '4028', '200'),
      holding('C', 'banks', '10', '1028', null),
      holding('H', 'hydro', '100', '3528', '44'),
      holding('A', 'banks', '10', '4028', '500'),
      holding('S', 'hydro', '0', '0', '10'),
    ]);
    expect(distribution).to.include({ portfolioId: 'p', currentValue: 13400, invested: 12612, unpricedHoldings: 1 });
    expect(distribution.byCompany.map((c) => [c.symbol, c.currentValue, c.weightPercent, c.invested])).to.deep.equal([
      ['A', 5000, 37.31, 4028],
      ['H', 4400, 32.84, 3528],
      ['B', 4000, 29.85, 4028],
      ['C', null, null, 1028],
    ]);
    expect(distribution.bySector).to.deep.equal([
      { code: 'banks', name: 'banks sector', holdingsCount: 3, unpricedHoldings: 1, invested: 9084, currentValue: 9000, weightPercent: 67.16 },
      { code: 'hydro', name: 'hydro sector', holdingsCount: 1, unpricedHoldings: 0, invested: 3528, currentValue: 4400, weightPercent: 32.84 },
    ]);
  });

  it('gives a sector of unpriced holdings a null value and weight, and an empty portfolio empty lists', () => {
    const distribution = distributionOf('p', [holding('C', 'banks', '10', '1028', null)]);
    expect(distribution.bySector).to.deep.equal([{ code: 'banks', name: 'banks sector', holdingsCount: 1, unpricedHoldings: 1, invested: 1028, currentValue: null, weightPercent: null }]);
    expect(distributionOf('p', [])).to.deep.equal({ portfolioId: 'p', currentValue: 0, invested: 0, unpricedHoldings: 0, byCompany: [], bySector: [] });
  });
});
