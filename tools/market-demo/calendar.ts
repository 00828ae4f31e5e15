/**
 * Dates of the demo data as day numbers (days since 1970-01-01, UTC), so arithmetic never meets a
 * time zone. NEPSE trades Sunday to Thursday, 11:00-15:00 Nepal time (UTC+05:45); the Nepali fiscal
 * year runs from Shrawan 1 (about 16 July) to the end of Ashadh (about 15 July) and is named by its
 * starting Bikram Sambat year (2081 is 2081/82, mid-July 2024 to mid-July 2025: AD year + 57 at its start).
 */
export type Day = number;

const MS_PER_DAY = 86_400_000;
/** Nepal Standard Time is UTC+05:45. */
export const NPT_OFFSET_MINUTES = 5 * 60 + 45;

export function dayOf(year: number, month: number, date: number): Day {
  return Date.UTC(year, month - 1, date) / MS_PER_DAY;
}

/** The calendar day in Nepal of an instant. */
export function nepalDayOf(instant: Date): Day {
  return Math.floor((instant.getTime() + NPT_OFFSET_MINUTES * 60_000) / MS_PER_DAY);
}

export function isoDate(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function yearOf(day: Day): number {
  return new Date(day * MS_PER_DAY).getUTCFullYear();
}

/** NEPSE is closed on Friday and Saturday. */
export function isTradingDay(day: Day): boolean {
  const weekday = new Date(day * MS_PER_DAY).getUTCDay();
  return weekday !== 5 && weekday !== 6;
}

/** Trading days in [from, to], ascending. */
export function tradingDaysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to; day++) if (isTradingDay(day)) days.push(day);
  return days;
}

/** RFC 3339 instant (UTC, whole seconds) of a Nepal wall-clock time on a day. */
export function nepalInstant(day: Day, secondsAfterMidnight: number): string {
  const ms = day * MS_PER_DAY + (secondsAfterMidnight - NPT_OFFSET_MINUTES * 60) * 1000;
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export const seconds = (hours: number, minutes = 0, secs = 0) => hours * 3600 + minutes * 60 + secs;

/**
 * Approximate AD ends of a fiscal year's quarters: Ashwin end (mid-October), Poush end (mid-January),
 * Chaitra end (mid-April), Ashadh end (mid-July). Quarter 4 ends with the fiscal year.
 */
export function quarterEnd(fiscalYear: number, quarter: 1 | 2 | 3 | 4): Day {
  const startYear = fiscalYear - 57;
  switch (quarter) {
    case 1:
      return dayOf(startYear, 10, 16);
    case 2:
      return dayOf(startYear + 1, 1, 13);
    case 3:
      return dayOf(startYear + 1, 4, 12);
    case 4:
      return dayOf(startYear + 1, 7, 15);
  }
}

export const fiscalYearEnd = (fiscalYear: number): Day => quarterEnd(fiscalYear, 4);

/** The fiscal year a day falls in. */
export function fiscalYearOf(day: Day): number {
  const year = yearOf(day);
  return day > dayOf(year, 7, 15) ? year + 57 : year + 56;
}

/** "2081/82" */
export function fiscalYearLabel(fiscalYear: number): string {
  return `${fiscalYear}/${String((fiscalYear + 1) % 100).padStart(2, '0')}`;
}
