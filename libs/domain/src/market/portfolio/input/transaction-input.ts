import type { FieldProblem } from '../../../shared';
import { crossFieldProblems } from './transaction-cross-field-rules';
import { readField } from './transaction-field-readers';
import { FEES, FIELDS } from './transaction-fields';
import type { CgtLimits, FieldName, TransactionFields, TransactionPatch, TransactionType } from './transaction-fields';

export { TRANSACTION_TYPES, SELL_TERMS } from './transaction-fields';
export type { TransactionFields, TransactionPatch, TransactionType, SellTerm, CgtLimits } from './transaction-fields';

const TRADE: readonly FieldName[] = ['quantity', 'rate', 'amount'];
const ALWAYS_REQUIRED: readonly FieldName[] = ['companyId', 'type', 'transactedAt'];
const ISSUE_SHAPE = { required: TRADE, optional: FEES };
/** market-data.md "Portfolio transaction": the fields each type requires; any other field but notes is dropped. */
const SHAPES: Record<TransactionType, { required: readonly FieldName[]; optional: readonly FieldName[] }> = {
  BUY: { required: [...TRADE, ...FEES, 'netAmount'], optional: [] },
  SELL: { required: [...TRADE, ...FEES, 'netAmount', 'basePrice', 'term', 'cgtAmount'], optional: [] },
  IPO: ISSUE_SHAPE,
  FPO: ISSUE_SHAPE,
  RIGHTS: ISSUE_SHAPE,
  AUCTION: ISSUE_SHAPE,
  DIVIDEND: { required: ['amount'], optional: [] },
  BONUS: { required: ['quantity'], optional: [] },
};

/** Not given, as readField takes it: absent, null or blank text. */
const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** A body read: `symbol` (trimmed, upper-cased) is given in place of `companyId`, which the caller looks up. */
export interface TransactionBody {
  values: TransactionPatch;
  symbol?: string;
  problems: FieldProblem[];
}

/** Reads a POST or PATCH body: every field format-checked; missing fields are simply absent from `values`. */
export function readTransactionBody(body: unknown): TransactionBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { values: {}, problems: [{ field: 'body', code: 'type', message: 'Request body must be a JSON object' }] };
  }
  const raw = body as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const field of FIELDS) {
    if (!Object.hasOwn(raw, field)) continue;
    const reading = readField(field, raw[field]);
    if ('problem' in reading) problems.push(reading.problem);
    else values[field] = reading.value;
  }
  const symbol = readSymbol(Object.hasOwn(raw, 'symbol') ? raw['symbol'] : undefined, Object.hasOwn(raw, 'companyId') && !isBlank(raw['companyId']));
  if ('problem' in symbol) problems.splice(problems[0]?.field === 'companyId' ? 1 : 0, 0, symbol.problem);
  return { values: values as TransactionPatch, ...('value' in symbol && symbol.value !== null ? { symbol: symbol.value } : {}), problems };
}

/**
 * `symbol` in place of `companyId` (issue 18): trimmed and upper-cased as the stock-analysis
 * routes read it; blank is not given. Giving both is refused, whichever is valid.
 */
function readSymbol(raw: unknown, companyIdGiven: boolean): { value: string | null } | { problem: FieldProblem } {
  if (isBlank(raw)) return { value: null };
  if (typeof raw !== 'string') return { problem: { field: 'symbol', code: 'type', message: 'symbol must be a string' } };
  if (companyIdGiven) return { problem: { field: 'symbol', code: 'crossfield', message: 'give either companyId or symbol, not both' } };
  return { value: raw.trim().toUpperCase() };
}

/**
 * The whole-transaction rules on a complete candidate (after a POST body, or a PATCH merged over the stored one):
 * required fields per type, fields the type does not use dropped (set to null) rather than refused,
 * cross-field rules, future transactedAt. Returns the normalised fields or the problems.
 * Every used field is read again, so a stored row merged in (numeric text like "512.5000", a Date) comes out
 * canonical too. Answer readTransactionBody's problems first: a field it refused is absent here and may read as required.
 */
export function validateTransaction(
  candidate: TransactionPatch,
  context: { now: Date; cgt: CgtLimits },
): { fields: TransactionFields } | { problems: FieldProblem[] } {
  const typeReading = readField('type', candidate.type);
  const type = 'value' in typeReading ? (typeReading.value as TransactionType | null) : null;
  const shape = type ? SHAPES[type] : null;
  const used: readonly FieldName[] = shape ? [...ALWAYS_REQUIRED, ...shape.required, ...shape.optional, 'notes'] : FIELDS;
  const required = [...ALWAYS_REQUIRED, ...(shape?.required ?? [])];

  const valid: Record<string, unknown> = Object.fromEntries(FIELDS.map((field) => [field, null]));
  const problems: FieldProblem[] = [];
  for (const field of used) {
    const reading = readField(field, candidate[field]);
    if ('problem' in reading) problems.push(reading.problem);
    else if (reading.value === null && required.includes(field)) problems.push({ field, code: 'required', message: `${field} is required` });
    else valid[field] = reading.value;
  }
  const fields = valid as unknown as TransactionFields;
  if (fields.transactedAt && fields.transactedAt.getTime() > context.now.getTime()) {
    problems.push({ field: 'transactedAt', code: 'future', message: 'transactedAt must not be in the future' });
  }
  if (type) problems.push(...crossFieldProblems(type, fields, context.cgt));

  if (problems.length) return { problems: problems.sort((a, b) => FIELDS.indexOf(a.field as FieldName) - FIELDS.indexOf(b.field as FieldName)) };
  return { fields };
}
