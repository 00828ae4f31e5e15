import { DomainError } from '../../shared';

/** market-data.md, "Errors: Stock analysis": the spec's exact messages (CONTRACT section 4 adds the codes). */
export const CompanyNotFound = () => new DomainError('NOT_FOUND', 'Company not found');
export const SymbolRequired = () => new DomainError('VALIDATION_ERROR', 'symbol is required');
/** A query value that cannot be normalised to its whitelist, e.g. `invalid tab; expected valuation, profitability, solvency or growth`. */
export const InvalidAnalysisQuery = (message: string) => new DomainError('VALIDATION_ERROR', message);
