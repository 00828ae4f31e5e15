import { type Day, fiscalYearEnd, fiscalYearLabel, isoDate, nepalInstant, seconds } from './calendar';
import type { Cell } from './csv';
import type { DemoCompany, SectorCode } from './companies';
import type { Dividend } from './dividends';
import type { Rng } from './random';
import type { StatementFacts } from './statements';
import { AUDIT_LAG_DAYS, type Timeline } from './timeline';

/**
 * A year of announcements per company, of the five canonical types (CONTRACT section 8):
 * financial_report for every quarterly (and audited annual) report published in the last year;
 * dividend and bonus for a proposal announced in the last year; agm for the meeting that approves
 * the latest dividend (or the latest audited accounts); rights for the companies in RIGHTS_ISSUES.
 * Bodies contain commas, double quotes and line breaks, so they exercise RFC 4180 quoting.
 */
export const ANNOUNCEMENT_HEADER = ['symbol', 'type', 'title', 'body', 'published_at', 'source_url'];
export const RIGHTS_ISSUES: Record<string, string> = { KKHL: '1:1', NHPC: '10:5', SWBBL: '10:3', GBIME: '10:2' };
const REGULATORS: Partial<Record<SectorCode, string>> = {
  commercial_banks: 'Nepal Rastra Bank',
  microfinance: 'Nepal Rastra Bank',
  life_insurance: 'Nepal Insurance Authority ("Beema Pradhikaran")',
};
const QUARTER_NAMES = ['first quarter (Ashwin end)', 'second quarter (Poush end)', 'third quarter (Chaitra end)', 'fourth quarter (Ashadh end)'];

const rupees = (value: number) => `Rs ${Math.round(value).toLocaleString('en-US')}`;

export function buildAnnouncements(company: DemoCompany, timeline: Timeline, facts: StatementFacts, dividends: readonly Dividend[], rng: Rng): Cell[][] {
  const { today } = timeline;
  const recent = (day: Day) => day < today && day >= today - 365;
  const rows: Cell[][] = [];
  const add = (type: string, day: Day, title: string, body: string, withUrl = true) => {
    const publishedAt = nepalInstant(day, seconds(rng.int(10, 17), rng.int(0, 59), rng.int(0, 59)));
    const url = withUrl ? `https://demo-nepse.invalid/announcements/${company.symbol.toLowerCase()}/${type.replace('_', '-')}-${isoDate(day).replace(/-/g, '')}` : null;
    rows.push([company.symbol, type, title, body, publishedAt, url]);
  };

  for (const { period, netProfit, eps } of facts.reported) {
    if (!recent(period.published)) continue;
    add(
      'financial_report',
      period.published,
      `${company.name} has published its ${QUARTER_NAMES[period.quarter - 1]} report of FY ${fiscalYearLabel(period.fiscalYear)}`,
      `Unaudited results for the quarter ended ${isoDate(period.end)}: net ${netProfit >= 0 ? 'profit' : 'loss'} ${rupees(Math.abs(netProfit))}, EPS ${eps.toFixed(2)} (for the quarter, not annualised).`,
    );
  }
  for (const year of timeline.auditedYears) {
    const published = fiscalYearEnd(year) + AUDIT_LAG_DAYS;
    if (recent(published)) {
      const regulator = REGULATORS[company.sector];
      add(
        'financial_report',
        published,
        `${company.name} has published its audited financial statements of FY ${fiscalYearLabel(year)}`,
        `The audited financial statements of FY ${fiscalYearLabel(year)} have been published${regulator ? ` after approval by the ${regulator}` : ''}, ahead of the annual general meeting.`,
      );
    }
  }

  for (const dividend of dividends) {
    if (!recent(dividend.announcedOn)) continue;
    const label = fiscalYearLabel(dividend.fiscalYear);
    const bookClose = dividend.bookClose !== null ? isoDate(dividend.bookClose) : 'to be announced';
    add(
      'dividend',
      dividend.announcedOn,
      `${company.name} proposes ${dividend.cashPercent}% cash dividend for FY ${label}`,
      `The board has proposed a cash dividend of ${dividend.cashPercent}% (Rs ${dividend.cashPercent.toFixed(2)} per share, including tax on bonus shares), ` +
        `subject to approval by the annual general meeting. Book close: ${bookClose}.`,
    );
    if (dividend.bonusPercent > 0) {
      add(
        'bonus',
        dividend.announcedOn,
        `${company.name} proposes ${dividend.bonusPercent}% bonus shares for FY ${label}`,
        `The board has proposed ${dividend.bonusPercent}% bonus shares, i.e. ${dividend.bonusPercent} shares for every 100 held, subject to approval by the AGM and SEBON. Book close: ${bookClose}.`,
      );
    }
  }

  const agm = agmOf(timeline, dividends);
  if (agm) {
    add(
      'agm',
      agm.published,
      `${company.name} calls its annual general meeting for FY ${fiscalYearLabel(agm.fiscalYear)} on ${isoDate(agm.meeting)}`,
      `Agenda: approval of the audited financial statements of FY ${fiscalYearLabel(agm.fiscalYear)}, the proposed dividend, and the appointment of the auditor.\n` +
        `The register of shareholders remains closed on ${isoDate(agm.meeting - 1)} ("book close"); shareholders on the register on the previous day may attend.`,
      false,
    );
  }

  const ratio = RIGHTS_ISSUES[company.symbol];
  if (ratio) {
    const published = today - rng.int(20, 300);
    add(
      'rights',
      published,
      `${company.name} opens ${ratio} rights share issue`,
      `Rights shares in the ratio ${ratio} at Rs 100 per share for shareholders on the register at the book close of ${isoDate(published + 5)}; ` +
        `subscription open from ${isoDate(published + 12)} to ${isoDate(published + 33)}.`,
    );
  }
  return rows;
}

/** The AGM of the latest dividend (the day after its book close) or else of the latest audited year, announced two weeks ahead. */
function agmOf(timeline: Timeline, dividends: readonly Dividend[]): { fiscalYear: number; meeting: Day; published: Day } | null {
  const { today } = timeline;
  const latest = dividends[dividends.length - 1];
  const audited = Math.max(...timeline.auditedYears);
  if (latest?.bookClose != null && !(latest.fiscalYear < audited)) {
    const meeting = latest.bookClose + 1;
    return { fiscalYear: latest.fiscalYear, meeting, published: Math.min(Math.max(latest.announcedOn + 2, meeting - 14), today - 1) };
  }
  if (!Number.isFinite(audited)) return null;
  const meeting = fiscalYearEnd(audited) + AUDIT_LAG_DAYS + 30;
  return { fiscalYear: audited, meeting, published: Math.min(meeting - 14, today - 1) };
}
