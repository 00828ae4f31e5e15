import { DomainError, FieldProblem, IdempotencyErrors, NotFound, ValidationFailed } from '../../shared';
import type { Oversold } from './replay';

/** market-data.md "Errors: Portfolio": the messages are the spec's. */
export const PortfolioNotFound = () => NotFound('Portfolio not found');
export const TransactionNotFound = () => NotFound('Transaction not found');
export const PortfolioCompanyNotFound = () => NotFound('Company not found');

/** A path id that is not a UUID: `Invalid id format`, `Invalid txId format`. */
export const InvalidPathParam = (param: string) =>
  ValidationFailed(`Invalid ${param} format`, [{ field: param, code: 'uuid', message: `Invalid ${param} format` }]);

/** Field problems of a body or query: the first one is the message, all of them are listed. */
export const PortfolioInputInvalid = (problems: FieldProblem[]) => ValidationFailed(problems[0].message, problems);

/** The only 422 of the module. */
export const SellExceedsHolding = (oversold: Oversold) =>
  new DomainError('UNPROCESSABLE', `SELL quantity ${oversold.quantity} exceeds current holding of ${oversold.held} units`);

/**
 * A repeated Idempotency-Key on an add (beyond the spec, which names no code: CONTRACT section 4's
 * CONFLICT, 409). Nothing is stored for a failed add, so `failed` only names the code.
 */
export const PORTFOLIO_IDEMPOTENCY_ERRORS: IdempotencyErrors = {
  invalidKey: () => {
    const message = 'Idempotency-Key must be 1-255 visible characters';
    return ValidationFailed(message, [{ field: 'Idempotency-Key', code: 'format', message }]);
  },
  inProgress: () => new DomainError('CONFLICT', 'A request with this Idempotency-Key is still being processed'),
  mismatch: () => new DomainError('CONFLICT', 'This Idempotency-Key was used for a different request'),
  failed: (message = 'The request with this Idempotency-Key failed') => new DomainError('CONFLICT', message),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{id}` and `{txId}` are UUIDs (any version); stored lower-case. */
export function pathUuid(raw: string | undefined, param: 'id' | 'txId'): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw InvalidPathParam(param);
  return raw.toLowerCase();
}
