import type { FieldProblem } from '../../../shared';

export const TRANSACTION_TYPES = ['BUY', 'SELL', 'IPO', 'FPO', 'RIGHTS', 'AUCTION', 'DIVIDEND', 'BONUS'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const SELL_TERMS = ['short', 'long'] as const;
export type SellTerm = (typeof SELL_TERMS)[number];

/** A transaction as stored and as validated (decimal fields are canonical decimal strings, e.g. "512.5", never numbers). */
export interface TransactionFields {
  companyId: string;
  type: TransactionType;
  transactedAt: Date;
  quantity: number | null;
  rate: string | null;
  amount: string | null;
  sebonCommission: string | null;
  brokerCommission: string | null;
  dpFee: string | null;
  netAmount: string | null;
  basePrice: string | null;
  term: SellTerm | null;
  cgtAmount: string | null;
  notes: string | null;
}
export type TransactionPatch = Partial<TransactionFields>;

/** Maximum CGT share of a sale's gain per term, in percent (CONTRACT.md §8: '7.5' short, '5' long). */
export interface CgtLimits {
  shortPercent: string;
  longPercent: string;
}

export type FieldName = keyof TransactionFields;
/** One field read: its normalised value (null when not given) or the problem with it. */
export type Reading = { value: TransactionFields[FieldName] } | { problem: FieldProblem };

/** Body order: problems are reported in it. */
export const FIELDS: readonly FieldName[] = [
  'companyId', 'type', 'transactedAt', 'quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission',
  'dpFee', 'netAmount', 'basePrice', 'term', 'cgtAmount', 'notes',
];

export const FEES = ['sebonCommission', 'brokerCommission', 'dpFee'] as const;
