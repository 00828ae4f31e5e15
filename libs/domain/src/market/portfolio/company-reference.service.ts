import { QueryTypes, Transaction } from 'sequelize';
import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { TransactionBody, TransactionPatch } from './input';
import { PortfolioCompanyNotFound } from './portfolio.errors';

/** market_companies.symbol's CHECK: other text names no company, and is not looked up. */
const STORABLE_SYMBOL = /^[A-Z0-9]{1,20}$/;

/** The listed company a transaction names, by `companyId` or (issue 18) by `symbol`; 404 `Company not found` otherwise. */
@Service()
export class CompanyReferenceService {
  constructor(private readonly db: Database) {}

  /**
   * The body's values with `symbol` turned into its `companyId`, so what follows (validation, the
   * Idempotency-Key's fingerprint, storage) sees one form whichever the client sent.
   */
  async resolve(body: TransactionBody, transaction?: Transaction): Promise<TransactionPatch> {
    if (body.symbol === undefined) return body.values;
    const [company] = STORABLE_SYMBOL.test(body.symbol)
      ? await this.select(`SELECT id FROM market_companies WHERE symbol = :symbol`, { symbol: body.symbol }, transaction)
      : [];
    if (!company) throw PortfolioCompanyNotFound();
    return { ...body.values, companyId: company.id };
  }

  async require(companyId: string, transaction: Transaction): Promise<void> {
    const [company] = await this.select(`SELECT id FROM market_companies WHERE id = :companyId`, { companyId }, transaction);
    if (!company) throw PortfolioCompanyNotFound();
  }

  private select(sql: string, replacements: Record<string, unknown>, transaction?: Transaction): Promise<Array<{ id: string }>> {
    return this.db.sequelize.query<{ id: string }>(sql, { replacements, transaction, type: QueryTypes.SELECT });
  }
}
