import { Service } from 'typedi';
import { IdempotencyKeysService, requestFingerprint } from '../../shared';
import { CompanyReferenceService } from './company-reference.service';
import { readTransactionBody } from './input';
import { pathUuid, PORTFOLIO_IDEMPOTENCY_ERRORS, PortfolioInputInvalid } from './portfolio.errors';
import { PortfolioTransactionsService } from './portfolio-transactions.service';
import type { TransactionView } from './transaction.views';

/**
 * Adds a transaction to a portfolio (market-data.md "Portfolio endpoints and rules"). With an
 * `idempotencyKey` (issue 17), a repeat with the same portfolio and fields answers the first
 * transaction again and records nothing (a different one, or one while the first runs: 409); the
 * key's answer is stored in the transaction that records the trade, so both commit or neither
 * does. An add refused (400, 404, 422) frees the key.
 */
@Service()
export class AddPortfolioTransactionUseCase {
  constructor(
    private readonly transactions: PortfolioTransactionsService,
    private readonly keys: IdempotencyKeysService,
    private readonly companies: CompanyReferenceService,
  ) {}

  async execute(customerId: string, rawPortfolioId: string, body: unknown, idempotencyKey?: string): Promise<TransactionView> {
    const portfolioId = pathUuid(rawPortfolioId, 'id');
    const read = readTransactionBody(body);
    if (read.problems.length) throw PortfolioInputInvalid(read.problems);
    // A symbol becomes its companyId first: `symbol: "NABIL"` and NABIL's companyId are one request to the key.
    const fields = this.transactions.validated(await this.companies.resolve(read));
    const request = {
      actor: { kind: 'customer' as const, id: customerId },
      scope: 'portfolio_transaction.add' as const,
      key: idempotencyKey,
      fingerprint: requestFingerprint({ portfolioId, ...fields }),
      errors: PORTFOLIO_IDEMPOTENCY_ERRORS,
    };
    return this.keys.performIfKeyed(request, (claim) =>
      this.transactions.record(customerId, portfolioId, fields, claim && ((view, tx) => this.keys.complete(claim, view, { type: 'portfolio_transaction', id: view.id }, tx))),
    );
  }
}
