import Big from 'big.js';
import { money, percentOf } from '../money';
import type { HoldingRow } from '../portfolio-holdings.service';

/** What the distribution reads of a holding (decimals as text; lastPrice null when the company has no close). */
export type DistributedHolding = Pick<HoldingRow, 'companyId' | 'symbol' | 'name' | 'sectorCode' | 'sectorName' | 'units' | 'cost' | 'lastPrice'>;

interface Share {
  invested: number;
  /** Units × last price; null when nothing in it has a price. */
  currentValue: number | null;
  /** Share of the priced total value; null when unpriced. */
  weightPercent: number | null;
}

export interface CompanyShare extends Share {
  companyId: string;
  symbol: string;
  name: string;
  sector: { code: string; name: string };
  units: number;
}

export interface SectorShare extends Share {
  code: string;
  name: string;
  holdingsCount: number;
  /** Holdings of the sector without a price: not in its value. */
  unpricedHoldings: number;
}

export interface PortfolioDistribution {
  portfolioId: string;
  /** Total value of the priced holdings: what the weights divide. */
  currentValue: number;
  invested: number;
  unpricedHoldings: number;
  byCompany: CompanyShare[];
  bySector: SectorShare[];
}

interface Sum {
  invested: Big;
  value: Big | null;
}

const addTo = (sum: Sum, invested: Big, value: Big | null): Sum => ({
  invested: sum.invested.plus(invested),
  value: value === null ? sum.value : (sum.value ?? Big(0)).plus(value),
});

/** Largest value first, unpriced last, then by symbol or sector code for a stable order. */
function byValue(a: { value: Big | null; key: string }, b: { value: Big | null; key: string }): number {
  if ((a.value === null) !== (b.value === null)) return a.value === null ? 1 : -1;
  return (a.value && b.value ? b.value.cmp(a.value) : 0) || a.key.localeCompare(b.key);
}

/**
 * The held companies (units > 0) and their sectors by current value (units × last price), each
 * with its weight in the priced total. Unpriced holdings are listed with a null value and count in
 * no weight; a sector's value is that of its priced holdings.
 */
export function distributionOf(portfolioId: string, holdings: readonly DistributedHolding[]): PortfolioDistribution {
  const held = holdings.filter((holding) => holding.units !== '0');
  const companies = held.map((holding) => ({
    holding,
    key: holding.symbol,
    invested: Big(holding.cost),
    value: holding.lastPrice === null ? null : Big(holding.lastPrice).times(holding.units),
  }));
  const total = companies.reduce<Sum>((sum, company) => addTo(sum, company.invested, company.value), { invested: Big(0), value: null });
  const totalValue = total.value ?? Big(0);
  const weight = (value: Big | null) => (value === null ? null : percentOf(value, totalValue));

  const sectors = new Map<string, Sum & { key: string; name: string; holdingsCount: number; unpricedHoldings: number }>();
  for (const company of companies) {
    const { sectorCode, sectorName } = company.holding;
    const sector = sectors.get(sectorCode) ?? { key: sectorCode, name: sectorName, invested: Big(0), value: null, holdingsCount: 0, unpricedHoldings: 0 };
    sectors.set(sectorCode, {
      ...sector,
      ...addTo(sector, company.invested, company.value),
      holdingsCount: sector.holdingsCount + 1,
      unpricedHoldings: sector.unpricedHoldings + (company.value === null ? 1 : 0),
    });
  }

  return {
    portfolioId,
    currentValue: money(totalValue),
    invested: money(total.invested),
    unpricedHoldings: companies.filter((company) => company.value === null).length,
    byCompany: companies.sort(byValue).map(({ holding, invested, value }) => ({
      companyId: holding.companyId,
      symbol: holding.symbol,
      name: holding.name,
      sector: { code: holding.sectorCode, name: holding.sectorName },
      units: Number(holding.units),
      invested: money(invested),
      currentValue: value && money(value),
      weightPercent: weight(value),
    })),
    bySector: [...sectors.values()].sort(byValue).map((sector) => ({
      code: sector.key,
      name: sector.name,
      holdingsCount: sector.holdingsCount,
      unpricedHoldings: sector.unpricedHoldings,
      invested: money(sector.invested),
      currentValue: sector.value && money(sector.value),
      weightPercent: weight(sector.value),
    })),
  };
}
