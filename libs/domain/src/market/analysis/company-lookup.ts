import { Service } from 'typedi';
import { QueryTypes } from 'sequelize';
import { Database } from '@platform/db';
import { CompanyNotFound, SymbolRequired } from './analysis.errors';

/** A listed company with its core snapshot row (market-data.md, rule 3). */
export interface AnalysedCompany {
  id: string;
  symbol: string;
  name: string;
  status: string;
  listedShares: number | null;
  paidUpPerShare: number;
  sector: { id: string; code: string; name: string };
  snapshot: {
    asOf: string;
    lastPrice: number | null;
    previousClose: number | null;
    week52High: number | null;
    week52Low: number | null;
  };
}

interface CompanyRow {
  id: string;
  symbol: string;
  name: string;
  status: string;
  listedShares: string | null;
  paidUpPerShare: string;
  sectorId: string;
  sectorCode: string;
  sectorName: string;
  asOf: string;
  lastPrice: string | null;
  previousClose: string | null;
  week52High: string | null;
  week52Low: string | null;
}

const COMPANY_SQL = `
  SELECT c.id, c.symbol, c.name, c.status, c.listed_shares AS "listedShares", c.paid_up_per_share AS "paidUpPerShare",
         s.id AS "sectorId", s.code AS "sectorCode", s.name AS "sectorName",
         to_char(snap.as_of, 'YYYY-MM-DD') AS "asOf", snap.last_price AS "lastPrice", snap.previous_close AS "previousClose",
         snap.week52_high AS "week52High", snap.week52_low AS "week52Low"
    FROM market_companies c
    JOIN market_company_snapshots snap ON snap.company_id = c.id
    JOIN market_sectors s ON s.id = c.sector_id
   WHERE c.symbol = :symbol`;

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/** `{symbol}` as the spec reads it: trimmed and upper-cased; empty is 400 `symbol is required`. */
export function normaliseSymbol(raw: string | undefined): string {
  const symbol = (raw ?? '').trim().toUpperCase();
  if (!symbol) throw SymbolRequired();
  return symbol;
}

/**
 * The first read of every uncached company answer (rule 3): the company and its core snapshot row,
 * one indexed lookup. Every company endpoint checks in one order: the symbol (400 `symbol is
 * required`), the query values (400), the cache; on a miss this lookup runs first in the loader,
 * and an unknown symbol is 404 `Company not found` before any other read; so is a symbol that
 * could not be stored (the schema allows A-Z and 0-9 only), without a query. An invalid query
 * value is therefore 400 even for an unknown symbol.
 */
@Service()
export class CompanyLookup {
  constructor(private readonly db: Database) {}

  async find(rawSymbol: string | undefined): Promise<AnalysedCompany> {
    const symbol = normaliseSymbol(rawSymbol);
    if (!/^[A-Z0-9]{1,20}$/.test(symbol)) throw CompanyNotFound();
    const [row] = await this.db.sequelize.query<CompanyRow>(COMPANY_SQL, { replacements: { symbol }, type: QueryTypes.SELECT });
    if (!row) throw CompanyNotFound();
    return {
      id: row.id,
      symbol: row.symbol,
      name: row.name,
      status: row.status,
      listedShares: toNumber(row.listedShares),
      paidUpPerShare: Number(row.paidUpPerShare),
      sector: { id: row.sectorId, code: row.sectorCode, name: row.sectorName },
      snapshot: {
        asOf: row.asOf,
        lastPrice: toNumber(row.lastPrice),
        previousClose: toNumber(row.previousClose),
        week52High: toNumber(row.week52High),
        week52Low: toNumber(row.week52Low),
      },
    };
  }
}
