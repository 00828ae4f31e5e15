import { type Day, fiscalYearEnd } from './calendar';
import type { DemoCompany, SectorCode } from './companies';
import { round } from './numbers';
import type { EarningsPlan } from './earnings';
import type { Rng } from './random';
import type { Timeline } from './timeline';

/**
 * Dividends of the last five fiscal years (percent of the Rs 100 par). A year's dividend is proposed
 * a few months after it ends, its book close follows within weeks, and distribution a month or two
 * later. Companies in UPCOMING_BOOK_CLOSE have the book close of their latest dividend in the next
 * 3-28 days (CONTRACT section 7: upcoming book closes); the others' latest book close is past.
 * A year without profit (or with a payout under Rs 1) has no row. Cash includes the 5 % tax on the
 * bonus shares (bonus × 5/95), as Nepali companies declare it.
 */
export interface Dividend {
  fiscalYear: number;
  cashPercent: number;
  bonusPercent: number;
  announcedOn: Day;
  bookClose: Day | null;
  distribution: Day | null;
}

export const UPCOMING_BOOK_CLOSE = ['NABIL', 'ADBL', 'CHCL', 'NLIC', 'CBBL'];
const DIVIDEND_YEARS = 5;
/** A dividend is proposed no earlier than this many days after its fiscal year ends (past book closes). */
const PROPOSAL_DELAY_DAYS = 75;

const PAYOUT: Record<SectorCode, { min: number; max: number; bonusChance: number }> = {
  commercial_banks: { min: 0.45, max: 0.8, bonusChance: 0.5 },
  hydropower: { min: 0.3, max: 0.8, bonusChance: 0.6 },
  life_insurance: { min: 0.3, max: 0.6, bonusChance: 0.8 },
  microfinance: { min: 0.5, max: 0.8, bonusChance: 0.6 },
};

export function planDividends(company: DemoCompany, timeline: Timeline, earnings: EarningsPlan, rng: Rng): Dividend[] {
  const { today } = timeline;
  const lastAnnual = timeline.annualYears[timeline.annualYears.length - 1];
  const upcoming = UPCOMING_BOOK_CLOSE.includes(company.symbol);
  const latestYear = upcoming || fiscalYearEnd(lastAnnual) + PROPOSAL_DELAY_DAYS < today ? lastAnnual : lastAnnual - 1;
  const payout = PAYOUT[company.sector];

  const dividends: Dividend[] = [];
  for (let year = latestYear - DIVIDEND_YEARS + 1; year <= latestYear; year++) {
    const eps = earnings.annualEps.get(year) ?? 0;
    const total = eps * rng.between(payout.min, payout.max);
    const end = fiscalYearEnd(year);
    let announcedOn: Day;
    let bookClose: Day | null;
    let distribution: Day | null;
    if (year === latestYear && upcoming) {
      announcedOn = today - rng.int(5, 20);
      bookClose = today + rng.int(3, 28);
      distribution = null;
    } else if (year === latestYear) {
      announcedOn = end + rng.int(40, Math.min(150, today - 30 - end));
      bookClose = announcedOn + rng.int(7, Math.min(25, today - 5 - announcedOn));
      distribution = bookClose + rng.int(20, 50);
    } else {
      announcedOn = end + rng.int(60, 150);
      bookClose = announcedOn + rng.int(10, 30);
      distribution = bookClose + rng.int(20, 50);
    }
    if (distribution !== null && distribution >= today) distribution = null;
    if (total < 1 && !(upcoming && year === latestYear)) continue;

    // Bonus shares in whole percents, only out of a payout of Rs 4 a share or more.
    const bonus = total >= 4 && rng.chance(payout.bonusChance) ? Math.round(total * rng.between(0.3, 0.7)) : 0;
    const cash = round(Math.max(total - bonus, 0.5) + (bonus * 5) / 95, 2);
    dividends.push({ fiscalYear: year, cashPercent: cash, bonusPercent: bonus, announcedOn, bookClose, distribution });
  }
  return dividends;
}
