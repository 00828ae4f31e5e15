import Big from 'big.js';
import type { SellTerm, TransactionFields, TransactionType } from './input';

/** A transaction as the API shows it, with the position of its company right after it. */
export interface TransactionView {
  id: string;
  portfolioId: string;
  companyId: string;
  symbol: string;
  type: TransactionType;
  transactedAt: string;
  quantity: number | null;
  rate: number | null;
  amount: number | null;
  sebonCommission: number | null;
  brokerCommission: number | null;
  dpFee: number | null;
  netAmount: number | null;
  basePrice: number | null;
  term: SellTerm | null;
  cgtAmount: number | null;
  notes: string | null;
  /** Units held of the company after this transaction, their cost basis and average cost. */
  holdingAfter: { units: number; cost: number; averageCost: number | null };
  createdAt: string;
  updatedAt: string;
}

/** What TRANSACTION_COLUMNS selects (decimals as text, exactly as stored). */
export interface TransactionRow {
  id: string;
  portfolioId: string;
  companyId: string;
  symbol: string;
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
  unitsAfter: string;
  costAfter: string;
  /** Creation order (bigint as text): breaks ties of transactedAt. */
  sequence: string;
  createdAt: Date;
  updatedAt: Date;
}

/** `t` is portfolio_transactions, `c` its company. */
export const TRANSACTION_COLUMNS = `t.id, t.portfolio_id AS "portfolioId", t.company_id AS "companyId", c.symbol, t.type,
  t.transacted_at AS "transactedAt", t.quantity, t.rate::text, t.amount::text, t.sebon_commission::text AS "sebonCommission",
  t.broker_commission::text AS "brokerCommission", t.dp_fee::text AS "dpFee", t.net_amount::text AS "netAmount",
  t.base_price::text AS "basePrice", t.term, t.cgt_amount::text AS "cgtAmount", t.notes, t.units_after::text AS "unitsAfter",
  t.cost_after::text AS "costAfter", t.sequence::text AS sequence, t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

const decimal = (text: string | null) => (text === null ? null : Number(text));

/** Cost basis ÷ units, to 4 decimals (a rate's precision); none when nothing is held. */
export const averageCost = (cost: string, units: number): number | null => (units > 0 ? Number(Big(cost).div(units).round(4, Big.roundHalfUp)) : null);

export function transactionView(row: TransactionRow): TransactionView {
  const units = Number(row.unitsAfter);
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    companyId: row.companyId,
    symbol: row.symbol,
    type: row.type,
    transactedAt: row.transactedAt.toISOString(),
    quantity: row.quantity,
    rate: decimal(row.rate),
    amount: decimal(row.amount),
    sebonCommission: decimal(row.sebonCommission),
    brokerCommission: decimal(row.brokerCommission),
    dpFee: decimal(row.dpFee),
    netAmount: decimal(row.netAmount),
    basePrice: decimal(row.basePrice),
    term: row.term,
    cgtAmount: decimal(row.cgtAmount),
    notes: row.notes,
    holdingAfter: { units, cost: Number(Big(row.costAfter).round(2, Big.roundHalfUp)), averageCost: averageCost(row.costAfter, units) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored transaction as the fields a PATCH is merged over. */
export function storedFields(row: TransactionRow): TransactionFields {
  return {
    companyId: row.companyId,
    type: row.type,
    transactedAt: row.transactedAt,
    quantity: row.quantity,
    rate: row.rate,
    amount: row.amount,
    sebonCommission: row.sebonCommission,
    brokerCommission: row.brokerCommission,
    dpFee: row.dpFee,
    netAmount: row.netAmount,
    basePrice: row.basePrice,
    term: row.term,
    cgtAmount: row.cgtAmount,
    notes: row.notes,
  };
}
