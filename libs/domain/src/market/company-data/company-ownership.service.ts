import { QueryTypes } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AnalysisAnswer, AnalysisCache, CompanyLookup, normaliseSymbol } from '../analysis';

export interface OwnershipEntry {
  category: string;
  /** null for a category total (stored as ''). */
  holder: string | null;
  shares: number;
  percent: number;
}

export type OwnershipTier = 'Tier1' | 'Tier2' | 'Tier3' | 'Tier4';

export interface CompanyOwnership {
  /** The latest disclosure date; null when the company has no ownership data. */
  asOf: string | null;
  /** Tier1 promoter/public, Tier2 holder categories, Tier3 largest institutions, Tier4 largest individuals; a tier without data is []. */
  tiers: Record<OwnershipTier, OwnershipEntry[]>;
}

interface Row {
  asOf: string;
  tier: 1 | 2 | 3 | 4;
  category: string;
  holder: string;
  shares: string;
  percent: string;
}

const SQL = `
  SELECT to_char(o.as_of, 'YYYY-MM-DD') AS "asOf", o.tier, o.category, o.holder, o.shares, o.percent
    FROM market_ownership o
   WHERE o.company_id = :companyId
     AND o.as_of = (SELECT max(as_of) FROM market_ownership WHERE company_id = :companyId)
   ORDER BY o.tier, o.percent DESC, o.category, o.holder`;

/** GET /companies/{symbol}/fundamentals/ownership: the latest disclosure, by tier, largest first. */
@Service()
export class CompanyOwnershipService {
  constructor(
    private readonly db: Database,
    private readonly companies: CompanyLookup,
    private readonly cache: AnalysisCache,
  ) {}

  read(rawSymbol: string | undefined): Promise<AnalysisAnswer<CompanyOwnership>> {
    const symbol = normaliseSymbol(rawSymbol);
    return this.cache.read('ownership', { symbol }, async () => {
      const company = await this.companies.find(symbol);
      const rows = await this.db.sequelize.query<Row>(SQL, { replacements: { companyId: company.id }, type: QueryTypes.SELECT });
      // market-data.md rule 4: a missing tier (tier 4 is often unpublished) is an empty list, not an error.
      const tiers: CompanyOwnership['tiers'] = { Tier1: [], Tier2: [], Tier3: [], Tier4: [] };
      for (const row of rows) {
        tiers[`Tier${row.tier}`].push({ category: row.category, holder: row.holder || null, shares: Number(row.shares), percent: Number(row.percent) });
      }
      return { asOf: rows[0]?.asOf ?? null, tiers };
    });
  }
}
