import { type Day, fiscalYearEnd, isoDate } from './calendar';
import type { Cell } from './csv';
import type { DemoCompany, SectorCode } from './companies';
import { round } from './numbers';
import type { Dividend } from './dividends';
import { type EarningsPlan, sharesOn } from './earnings';
import type { Rng } from './random';
import type { Period, Timeline } from './timeline';

/**
 * Income and balance statements (no cash flow: the endpoint reports it unavailable). Quarterly
 * income values are those of the quarter alone (not year-to-date as NEPSE reports print them) and
 * quarterly EPS is not annualised; the unaudited annual report sums the quarters and repeats the
 * fourth quarter's balance sheet; the audited report of a year differs from it by a few percent.
 * Equity is anchored on the profile's book value at the latest fiscal year end and moves by profit
 * and paid cash dividends; the other balance lines follow sector ratios.
 */
export const STATEMENT_HEADER = ['symbol', 'statement_type', 'period_type', 'fiscal_year', 'fiscal_quarter', 'is_audited', 'line_item', 'period_end', 'value', 'source', 'status'];

type Figures = Record<string, number>;
interface QuarterFigures {
  period: Period;
  shares: number;
  figures: Figures;
}

const LENDERS: SectorCode[] = ['commercial_banks', 'microfinance'];
const INCOME_ITEMS = ['total_revenue', 'net_interest_income', 'operating_profit', 'net_profit', 'eps'];
const BALANCE_ITEMS = ['total_assets', 'total_liabilities', 'total_equity', 'share_capital', 'reserves', 'total_deposits', 'total_loans', 'npl_ratio'];
const FLOW_ITEMS = ['total_revenue', 'net_interest_income', 'operating_profit', 'net_profit'];

export interface StatementFacts {
  /** Net profit of the last four reported quarters, equity at the latest quarter end and four quarters before. */
  ttmNetProfit: number;
  latestEquity: number;
  equityYearAgo: number;
  latestShares: number;
  /** Each reported quarter's net profit and EPS (for the financial-report announcements). */
  reported: Array<{ period: Period; netProfit: number; eps: number }>;
}

export function buildStatements(company: DemoCompany, timeline: Timeline, earnings: EarningsPlan, dividends: readonly Dividend[], rng: Rng) {
  const { today } = timeline;
  const bonuses = dividends.flatMap((d) => (d.bookClose !== null && d.bonusPercent > 0 ? [{ bookClose: d.bookClose, bonusPercent: d.bonusPercent }] : []));
  const shares = (day: Day) => sharesOn(day, company.listedShares, bonuses, today);
  const lender = LENDERS.includes(company.sector);

  // Net profit per quarter, then the cumulative profit less paid cash dividends, anchored at the last annual year end.
  const quarters = timeline.quarters.map((period) => {
    const weights = earnings.quarterWeights.get(period.fiscalYear) as number[];
    const eps = earnings.annualEps.get(period.fiscalYear) as number;
    return { period, netProfit: eps * shares(fiscalYearEnd(period.fiscalYear)) * weights[period.quarter - 1] };
  });
  // A cash dividend of c % pays Rs c a share (of the Rs 100 par) out of equity at its book close.
  const paidCash = dividends.flatMap((d) => (d.bookClose !== null && d.bookClose < today ? [{ day: d.bookClose, amount: d.cashPercent * shares(d.bookClose) }] : []));
  const retained = (day: Day) => {
    const profit = quarters.filter((q) => q.period.end <= day).reduce((sum, q) => sum + q.netProfit, 0);
    return profit - paidCash.filter((c) => c.day <= day).reduce((sum, c) => sum + c.amount, 0);
  };
  const anchorDay = fiscalYearEnd(timeline.annualYears[timeline.annualYears.length - 1]);
  const anchorEquity = company.bvps * shares(anchorDay);
  const equityOn = (day: Day) => anchorEquity + retained(day) - retained(anchorDay);

  const ratios = sectorRatios(company, rng);
  const computed: QuarterFigures[] = [];
  quarters.forEach(({ period, netProfit }, index) => {
    const quarterShares = shares(period.end);
    const equity = equityOn(period.end);
    const capital = quarterShares * 100;
    const progress = index / Math.max(1, quarters.length - 1);
    const noise = () => 1 + rng.between(-0.03, 0.03);
    const figures: Figures = { share_capital: capital, total_equity: equity, reserves: equity - capital, net_profit: netProfit };
    if (company.sector === 'hydropower') {
      figures['total_liabilities'] = (company.eps > 0 ? equity * (1.6 - 0.7 * progress) : capital * (1.9 + 0.3 * progress)) * noise();
      figures['total_assets'] = figures['total_liabilities'] + equity;
    } else {
      figures['total_assets'] = equity * ratios.leverage * noise();
      figures['total_liabilities'] = figures['total_assets'] - equity;
    }
    const assets = figures['total_assets'];
    if (lender) {
      figures['total_deposits'] = assets * ratios.depositShare * noise();
      figures['total_loans'] = assets * ratios.loanShare * noise();
      figures['npl_ratio'] = ratios.npl + ratios.nplSlope * progress * 8 + rng.between(-0.15, 0.15);
      figures['net_interest_income'] = (assets * ratios.yieldRate * ratios.niiShare * noise()) / 4;
    }
    figures['total_revenue'] = netProfit > 0 && company.sector === 'hydropower' ? (netProfit / rng.between(0.45, 0.6)) : (Math.abs(assets) * ratios.yieldRate * noise()) / 4;
    figures['operating_profit'] = netProfit > 0 ? netProfit / ratios.taxKeep : netProfit * 0.55;
    figures['eps'] = netProfit / quarterShares;
    computed.push({ period, shares: quarterShares, figures });
  });

  const rows: Cell[][] = [];
  const missing = missingItems(company, timeline);
  const emit = (type: 'income' | 'balance', periodType: 'quarterly' | 'annual', fiscalYear: number, quarter: number, audited: boolean, end: Day, figures: Figures) => {
    for (const item of type === 'income' ? INCOME_ITEMS : BALANCE_ITEMS) {
      if (!(item in figures)) continue;
      const isMissing = missing(item, periodType, fiscalYear, quarter);
      const decimals = item === 'eps' || item === 'npl_ratio' ? 2 : 0;
      rows.push([company.symbol, type, periodType, fiscalYear, quarter, audited, item, isoDate(end), isMissing ? null : round(figures[item], decimals), 'mdp', isMissing ? 'upstream_missing' : 'valid']);
    }
  };
  for (const { period, figures } of computed) {
    emit('income', 'quarterly', period.fiscalYear, period.quarter, false, period.end, figures);
    emit('balance', 'quarterly', period.fiscalYear, period.quarter, false, period.end, figures);
  }
  for (const year of timeline.annualYears) {
    const ofYear = computed.filter((q) => q.period.fiscalYear === year);
    const fourth = ofYear[3];
    const annual: Figures = { ...fourth.figures };
    for (const item of FLOW_ITEMS) if (item in annual) annual[item] = ofYear.reduce((sum, q) => sum + q.figures[item], 0);
    annual['eps'] = annual['net_profit'] / fourth.shares;
    emit('income', 'annual', year, 0, false, fourth.period.end, annual);
    emit('balance', 'annual', year, 0, false, fourth.period.end, annual);
    if (timeline.auditedYears.has(year)) {
      const audited = auditAdjust(annual, fourth.shares, rng);
      emit('income', 'annual', year, 0, true, fourth.period.end, audited);
      emit('balance', 'annual', year, 0, true, fourth.period.end, audited);
    }
  }

  const latest = computed[computed.length - 1];
  const facts: StatementFacts = {
    ttmNetProfit: computed.slice(-4).reduce((sum, q) => sum + q.figures['net_profit'], 0),
    latestEquity: latest.figures['total_equity'],
    equityYearAgo: computed[computed.length - 5].figures['total_equity'],
    latestShares: latest.shares,
    reported: computed.map((q) => ({ period: q.period, netProfit: q.figures['net_profit'], eps: q.figures['eps'] })),
  };
  return { rows, facts };
}

interface SectorRatios {
  /** Total assets per rupee of equity (not used by hydropower, whose debt is set from equity or capital). */
  leverage: number;
  depositShare: number;
  loanShare: number;
  /** Revenue per year per rupee of assets, and net interest income's share of it. */
  yieldRate: number;
  niiShare: number;
  npl: number;
  nplSlope: number;
  /** Net profit per rupee of operating profit (after tax and, for hydropower, interest). */
  taxKeep: number;
}

function sectorRatios(company: DemoCompany, rng: Rng): SectorRatios {
  const none = { depositShare: 0, loanShare: 0, niiShare: 0, npl: 0, nplSlope: 0 };
  switch (company.sector) {
    case 'commercial_banks':
      return {
        leverage: rng.between(9.5, 11.5),
        depositShare: rng.between(0.78, 0.84),
        loanShare: rng.between(0.66, 0.72),
        yieldRate: rng.between(0.08, 0.095),
        niiShare: rng.between(0.34, 0.4),
        npl: rng.between(1.1, 2.4),
        nplSlope: rng.between(0.05, 0.2),
        taxKeep: 0.69,
      };
    case 'microfinance':
      return {
        leverage: rng.between(6, 7.5),
        depositShare: rng.between(0.4, 0.5),
        loanShare: rng.between(0.8, 0.86),
        yieldRate: rng.between(0.14, 0.17),
        niiShare: rng.between(0.5, 0.58),
        npl: rng.between(2, 4.5),
        nplSlope: rng.between(0.1, 0.3),
        taxKeep: 0.7,
      };
    case 'life_insurance':
      return { ...none, leverage: rng.between(10, 13), yieldRate: rng.between(0.13, 0.17), taxKeep: 0.72 };
    case 'hydropower':
      return { ...none, leverage: 0, yieldRate: 0.04, taxKeep: 0.8 };
  }
}

/** The audited report: profit revised by -4 %..+2 %, the difference carried into reserves, equity and assets. */
function auditAdjust(annual: Figures, shares: number, rng: Rng): Figures {
  const audited: Figures = { ...annual };
  const factor = 1 + rng.between(-0.04, 0.02);
  const delta = annual['net_profit'] * (factor - 1);
  audited['net_profit'] = annual['net_profit'] + delta;
  audited['operating_profit'] = annual['operating_profit'] * factor;
  audited['total_revenue'] = annual['total_revenue'] * (1 + rng.between(-0.01, 0.01));
  if ('net_interest_income' in annual) audited['net_interest_income'] = annual['net_interest_income'] * (1 + rng.between(-0.01, 0.01));
  if ('npl_ratio' in annual) audited['npl_ratio'] = annual['npl_ratio'] + rng.between(0.02, 0.2);
  audited['eps'] = audited['net_profit'] / shares;
  audited['reserves'] = annual['reserves'] + delta;
  audited['total_equity'] = annual['total_equity'] + delta;
  audited['total_assets'] = annual['total_assets'] + delta;
  return audited;
}

/**
 * The upstream_missing company's gaps: operating profit never reported, reserves and NPL ratio
 * absent in the oldest periods, equity absent in the latest quarter and the latest annual report.
 */
function missingItems(company: DemoCompany, timeline: Timeline) {
  if (company.degenerate !== 'upstream_missing') return () => false;
  const oldest = timeline.annualYears[0];
  const lastAnnual = timeline.annualYears[timeline.annualYears.length - 1];
  const latest = timeline.quarters[timeline.quarters.length - 1];
  return (item: string, periodType: string, fiscalYear: number, quarter: number) => {
    if (item === 'operating_profit') return true;
    if (item === 'reserves' || item === 'npl_ratio') return fiscalYear === oldest && (item === 'reserves' || quarter <= 2);
    if (item === 'total_equity') {
      return periodType === 'annual' ? fiscalYear === lastAnnual : fiscalYear === latest.fiscalYear && quarter === latest.quarter;
    }
    return false;
  };
}
