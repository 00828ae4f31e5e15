import Big from 'big.js';
import type { TransactionType } from '../input';

/** Units held of one company, and what they cost and earned, after some transaction (all cumulative). */
export interface Position {
  units: number;
  /** Cost basis of the units held (weighted average cost × units). */
  cost: Big;
  /** Sale proceeds net of fees and CGT, less the cost of the units sold. */
  realisedGain: Big;
  dividendIncome: Big;
  cgtPaid: Big;
}

export const NO_POSITION: Position = { units: 0, cost: Big(0), realisedGain: Big(0), dividendIncome: Big(0), cgtPaid: Big(0) };

/** The fields of a stored transaction the replay reads (decimals as text, as PostgreSQL returns numeric). */
export interface ReplayedTransaction {
  id: string;
  type: TransactionType;
  quantity: number | null;
  amount: string | null;
  sebonCommission: string | null;
  brokerCommission: string | null;
  dpFee: string | null;
  netAmount: string | null;
  cgtAmount: string | null;
}

/** A SELL of more units than the position holds at that point of the timeline. */
export class Oversold extends Error {
  constructor(
    readonly transactionId: string,
    readonly quantity: number,
    readonly held: number,
  ) {
    super(`SELL quantity ${quantity} exceeds current holding of ${held} units`);
  }
}

const ACQUISITIONS = new Set<TransactionType>(['BUY', 'IPO', 'FPO', 'RIGHTS', 'AUCTION']);
const plus = (...values: Array<string | null>) => values.reduce((sum, value) => (value === null ? sum : sum.plus(value)), Big(0));

/**
 * The position after `tx`, given the one before it (CONTRACT section 8 for what adds units;
 * REFERENCE "NEPSE" for the cost basis):
 * - BUY, IPO, FPO, RIGHTS, AUCTION add their units at what was paid: a BUY's netAmount, otherwise
 *   amount + any fees given;
 * - BONUS adds its units at the company's par value each (the Inland Revenue directive of 2075:
 *   bonus shares cost Rs 100 par), so the cost basis stays what tax law counts;
 * - SELL removes units at the weighted average cost; its gain is netAmount − CGT − that cost;
 * - DIVIDEND adds its amount as income, nothing else.
 */
export function applyTransaction(before: Position, tx: ReplayedTransaction, parValue: string): Position {
  const quantity = tx.quantity ?? 0;
  if (ACQUISITIONS.has(tx.type)) {
    const paid = tx.netAmount === null ? plus(tx.amount, tx.sebonCommission, tx.brokerCommission, tx.dpFee) : Big(tx.netAmount);
    return { ...before, units: before.units + quantity, cost: before.cost.plus(paid) };
  }
  switch (tx.type) {
    case 'BONUS':
      return { ...before, units: before.units + quantity, cost: before.cost.plus(Big(parValue).times(quantity)) };
    case 'DIVIDEND':
      return { ...before, dividendIncome: before.dividendIncome.plus(tx.amount ?? 0) };
    case 'SELL': {
      if (quantity > before.units) throw new Oversold(tx.id, quantity, before.units);
      const soldCost = quantity === before.units ? before.cost : before.cost.times(quantity).div(before.units).round(4, Big.roundHalfUp);
      const cgt = Big(tx.cgtAmount ?? 0);
      return {
        units: before.units - quantity,
        cost: before.cost.minus(soldCost),
        realisedGain: before.realisedGain.plus(Big(tx.netAmount ?? 0).minus(cgt).minus(soldCost)),
        dividendIncome: before.dividendIncome,
        cgtPaid: before.cgtPaid.plus(cgt),
      };
    }
    default:
      throw new Error(`unknown transaction type ${tx.type as string}`);
  }
}

/** Replays `transactions` (in timeline order) from `start`: the position after each. Throws Oversold. */
export function replayPositions(start: Position, transactions: readonly ReplayedTransaction[], parValue: string): Position[] {
  const positions: Position[] = [];
  let position = start;
  for (const tx of transactions) {
    position = applyTransaction(position, tx, parValue);
    positions.push(position);
  }
  return positions;
}
