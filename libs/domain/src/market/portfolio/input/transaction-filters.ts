import type { FieldProblem } from '../../../shared';
import { listValues } from '../../analysis/query-values';
import { instantBound } from '../../company-data/company-data.query';
import { choice } from './list-query';
import { TRANSACTION_TYPES, TransactionType } from './transaction-fields';

/** `type` (comma-separated and/or repeated, case-insensitive), `from` and `to` (a Nepal date or RFC 3339, inclusive). */
export function readTransactionFilters(query: Record<string, unknown>, problems: FieldProblem[]): { types?: TransactionType[]; from?: string; to?: string } {
  const filters: { types?: TransactionType[]; from?: string; to?: string } = {};
  const typeProblems: FieldProblem[] = [];
  const types = listValues(query['type']).map((value) => choice(value, 'type', TRANSACTION_TYPES, typeProblems, (text) => text.toUpperCase()));
  if (typeProblems.length) problems.push(typeProblems[0]);
  else if (types.length) filters.types = [...new Set(types as TransactionType[])];
  for (const edge of ['from', 'to'] as const) {
    const raw = query[edge];
    if (raw === undefined || raw === '') continue;
    const bound = typeof raw === 'string' ? instantBound(raw, edge) : null;
    if (bound) filters[edge] = bound;
    else problems.push({ field: edge, code: 'iso8601', message: `${edge} must be a date (YYYY-MM-DD) or an RFC 3339 timestamp` });
  }
  return filters;
}
