import type { Day } from './calendar';
import type { DemoCompany } from './companies';
import type { Rng } from './random';
import type { Timeline } from './timeline';

/**
 * A company's earnings path: annual EPS per fiscal year (the latest annual year is the company's
 * profile EPS, earlier years grow into it, the year in progress is projected) and how a year's
 * profit splits over its quarters. The loss-making company turns from small profits to growing losses.
 */
export interface EarningsPlan {
  annualEps: Map<number, number>;
  quarterWeights: Map<number, [number, number, number, number]>;
}

const LOSS_PATH = [-0.14, -0.04, 0.38, 0.76, 1];

export function planEarnings(company: DemoCompany, timeline: Timeline, rng: Rng): EarningsPlan {
  const lastAnnual = timeline.annualYears[timeline.annualYears.length - 1];
  const annualEps = new Map<number, number>();
  const quarterWeights = new Map<number, [number, number, number, number]>();
  // Six years back (dividends may run one year behind the statements) and the year in progress.
  for (let year = lastAnnual + 1; year >= lastAnnual - 5; year--) {
    let eps: number;
    if (company.eps < 0) {
      const index = LOSS_PATH.length - 1 - (lastAnnual - year);
      eps = year > lastAnnual ? company.eps * 1.08 : company.eps * (LOSS_PATH[Math.max(0, index)] ?? 1);
    } else if (year === lastAnnual) eps = company.eps;
    else if (year > lastAnnual) eps = company.eps * (1 + rng.between(-0.1, 0.15));
    else eps = (annualEps.get(year + 1) ?? company.eps) / (1 + rng.between(-0.12, 0.22));
    annualEps.set(year, eps);
    const raw = [0.22, 0.24, 0.25, 0.29].map((weight) => weight * (1 + rng.between(-0.08, 0.08)));
    const total = raw.reduce((sum, weight) => sum + weight, 0);
    quarterWeights.set(year, raw.map((weight) => weight / total) as [number, number, number, number]);
  }
  return { annualEps, quarterWeights };
}

/** A bonus issue: its book close and percentage (of the shares held). */
export interface BonusIssue {
  bookClose: Day;
  bonusPercent: number;
}

/**
 * Shares outstanding on a day: today's listed shares undone by every bonus issue whose book close
 * came after that day (and before today).
 */
export function sharesOn(day: Day, listedShares: number, bonuses: readonly BonusIssue[], today: Day): number {
  let shares = listedShares;
  for (const bonus of bonuses) {
    if (bonus.bookClose > day && bonus.bookClose < today) shares /= 1 + bonus.bonusPercent / 100;
  }
  return Math.round(shares);
}
