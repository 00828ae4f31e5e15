import { type Day, fiscalYearEnd, fiscalYearOf, quarterEnd, tradingDaysBetween } from './calendar';

/**
 * The dates every part of the demo data agrees on, derived from "today" (a Nepal calendar day):
 * two years of trading days before it, the last ten of them with a floor sheet, and the statement
 * periods already reported. Quarterly reports appear about a month after the quarter ends (the
 * fourth one doubles as the unaudited annual report); audited annual reports about 5.5 months after
 * the fiscal year ends.
 */
export interface Period {
  fiscalYear: number;
  quarter: 1 | 2 | 3 | 4;
  end: Day;
  published: Day;
}

export interface Timeline {
  today: Day;
  /** Trading days of the last two years, strictly before today, ascending. */
  priceDays: Day[];
  latestTradingDay: Day;
  floorSheetDays: Day[];
  /** Published quarters, ascending: every quarter of the annual years plus the reported quarters of the next. */
  quarters: Period[];
  /** The five fiscal years with a full (unaudited) annual report, ascending. */
  annualYears: number[];
  /** Annual years whose audited report is out. */
  auditedYears: Set<number>;
}

export const QUARTER_REPORT_LAG_DAYS = 30;
export const AUDIT_LAG_DAYS = 165;
export const FLOOR_SHEET_DAYS = 10;
const PRICE_HISTORY_DAYS = 730;
const STATEMENT_YEARS = 5;

export function buildTimeline(today: Day): Timeline {
  const priceDays = tradingDaysBetween(today - PRICE_HISTORY_DAYS, today - 1);
  const reported = (end: Day) => end + QUARTER_REPORT_LAG_DAYS < today;

  let lastAnnual = fiscalYearOf(today);
  while (!reported(fiscalYearEnd(lastAnnual))) lastAnnual--;
  const annualYears = Array.from({ length: STATEMENT_YEARS }, (_, i) => lastAnnual - STATEMENT_YEARS + 1 + i);

  const quarters: Period[] = [];
  for (const fiscalYear of [...annualYears, lastAnnual + 1]) {
    for (const quarter of [1, 2, 3, 4] as const) {
      const end = quarterEnd(fiscalYear, quarter);
      if (reported(end)) quarters.push({ fiscalYear, quarter, end, published: end + QUARTER_REPORT_LAG_DAYS });
    }
  }
  const auditedYears = new Set(annualYears.filter((year) => fiscalYearEnd(year) + AUDIT_LAG_DAYS < today));
  return {
    today,
    priceDays,
    latestTradingDay: priceDays[priceDays.length - 1],
    floorSheetDays: priceDays.slice(-FLOOR_SHEET_DAYS),
    quarters,
    annualYears,
    auditedYears,
  };
}
