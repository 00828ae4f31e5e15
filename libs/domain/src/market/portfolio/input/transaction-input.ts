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

/** Reads a POST body: every field format-checked; missing fields are simply absent from `values`. */
export function readTransactionBody(body: unknown): { values: TransactionPatch; problems: FieldProblem[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { values: {}, problems: [{ field: 'body', code: 'type', message: 'Request body must be a JSON object' }] };
  }
  const values: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const field of FIELDS) {
    if (!Object.hasOwn(body, field)) continue;
    const reading = readField(field, (body as Record<string, unknown>)[field]);
    if ('problem' in reading) problems.push(reading.problem);
    else values[field] = reading.value;
  }
  return { values: values as TransactionPatch, problems };
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
