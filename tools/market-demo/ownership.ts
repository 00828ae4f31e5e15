import { type Day, isoDate } from './calendar';
import type { Cell } from './csv';
import type { DemoCompany, SectorCode } from './companies';
import { round } from './numbers';
import type { Rng } from './random';

/**
 * Shareholding as of a day, in four tiers (0009-market-data.ts): tier 1 promoter and public totals,
 * tier 2 holder categories (both exactly partition the listed shares; percentages sum to 100), tier 3
 * the largest institutional holders, tier 4 the largest individual holders. A total row has holder ''.
 * Tier 3 and tier 4 holders carry the tier-2 category they belong to. The no_tier4 company has no tier 4.
 */
const PROMOTER_SHARE: Record<SectorCode, number> = { commercial_banks: 51, hydropower: 70, life_insurance: 70, microfinance: 51 };

const INSTITUTIONS = [
  'Citizen Investment Trust',
  'Employees Provident Fund',
  'Rastriya Beema Sansthan',
  'Nepal Telecom',
  'Nepal Electricity Authority',
  'Hydroelectricity Investment and Development Company Limited',
  'Rastriya Banijya Bank Limited',
  'Nepal Investment Mega Bank Limited',
  'Himalayan Reinsurance Limited',
  'Shikhar Insurance Company Limited',
];
const MUTUAL_FUNDS = ['NIBL Sambriddhi Fund 2', 'Nabil Equity Fund', 'Laxmi Unnati Kosh', 'NMB 50', 'Siddhartha Investment Growth Scheme 2', 'Sanima Equity Fund'];
const GIVEN = ['Ram', 'Sita', 'Hari', 'Gita', 'Krishna', 'Laxmi', 'Bishnu', 'Sarita', 'Binod', 'Anita', 'Rajendra', 'Sunita', 'Prakash', 'Mina', 'Suresh'];
const FAMILY = ['Shrestha', 'Sharma', 'Adhikari', 'Karki', 'Thapa', 'Maharjan', 'Joshi', 'Gurung', 'Pradhan', 'Khadka', 'Rai', 'Tamang', 'Agrawal', 'Bhandari'];

type Row = { tier: number; category: string; holder: string; shares: number };

export function buildOwnership(company: DemoCompany, asOf: Day, rng: Rng): Cell[][] {
  const total = company.listedShares;
  const promoterPercent = PROMOTER_SHARE[company.sector];
  const promoter = Math.round((total * promoterPercent) / 100);
  const rows: Row[] = [
    { tier: 1, category: 'promoter', holder: '', shares: promoter },
    { tier: 1, category: 'public', holder: '', shares: total - promoter },
  ];

  const promoterInstitutions = Math.round(promoter * rng.between(0.55, 0.95));
  const publicInstitutions = Math.round((total - promoter) * rng.between(0.08, 0.2));
  const mutualFunds = Math.round((total - promoter) * rng.between(0.03, 0.09));
  const locals = company.sector === 'hydropower' ? Math.round(total * 0.1) : 0;
  const categories: Array<[string, number]> = [
    ['promoter_institutions', promoterInstitutions],
    ['promoter_individuals', promoter - promoterInstitutions],
    ['public_institutions', publicInstitutions],
    ['mutual_funds', mutualFunds],
    ...(locals ? [['project_affected_locals', locals] as [string, number]] : []),
    ['public_individuals', total - promoter - publicInstitutions - mutualFunds - locals],
  ];
  for (const [category, shares] of categories) rows.push({ tier: 2, category, holder: '', shares });

  const institutions = shuffled(INSTITUTIONS, rng).slice(0, 3);
  const funds = shuffled(MUTUAL_FUNDS, rng).slice(0, 2);
  const topShare = (pool: number, parts: number) => Math.round((pool / parts) * rng.between(0.2, 0.6));
  for (const holder of institutions.slice(0, 2)) rows.push({ tier: 3, category: 'promoter_institutions', holder, shares: topShare(promoterInstitutions, 2) });
  rows.push({ tier: 3, category: 'public_institutions', holder: institutions[2], shares: topShare(publicInstitutions, 1) });
  for (const holder of funds) rows.push({ tier: 3, category: 'mutual_funds', holder, shares: topShare(mutualFunds, 2) });

  if (company.degenerate !== 'no_tier4') {
    const people = new Set<string>();
    while (people.size < 5) people.add(`${rng.pick(GIVEN)} ${rng.pick(FAMILY)}`);
    const [first, ...rest] = [...people];
    rows.push({ tier: 4, category: 'promoter_individuals', holder: first, shares: topShare(promoter - promoterInstitutions, 1) });
    for (const holder of rest) rows.push({ tier: 4, category: 'public_individuals', holder, shares: Math.round(total * rng.between(0.001, 0.008)) });
  }

  return rows.map((row) => [company.symbol, isoDate(asOf), row.tier, row.category, row.holder, row.shares, percentOf(row, rows, total)]);
}

/** Percent of the listed shares (4 decimals); within tiers 1 and 2 the largest row absorbs rounding so each sums to exactly 100. */
function percentOf(row: Row, rows: readonly Row[], total: number): number {
  const percent = round((row.shares / total) * 100, 4);
  if (row.tier > 2) return percent;
  const tier = rows.filter((r) => r.tier === row.tier);
  const largest = tier.reduce((a, b) => (b.shares > a.shares ? b : a));
  if (largest !== row) return percent;
  const others = tier.filter((r) => r !== row).reduce((sum, r) => sum + round((r.shares / total) * 100, 4), 0);
  return round(100 - others, 4);
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
