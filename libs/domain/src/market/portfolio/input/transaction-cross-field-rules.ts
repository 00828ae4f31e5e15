import Big from 'big.js';
import type { FieldProblem } from '../../../shared';
import { canonicalText, decimalFrom, fixedText } from './decimal-values';
import { FEES } from './transaction-fields';
import type { CgtLimits, SellTerm, TransactionFields, TransactionType } from './transaction-fields';

const TOLERANCE = Big('0.01');
const ONE_HUNDREDTH = Big('0.01');

/**
 * market-data.md "Portfolio endpoints and rules": exact sums within ±0.01; each rule only over fields that are
 * present and valid. `fields` are read and normalised already (decimals as canonical text).
 */
export function crossFieldProblems(type: TransactionType, fields: TransactionFields, cgt: CgtLimits): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const quantity = fields.quantity === null ? null : Big(fields.quantity);
  const [rate, amount, netAmount, basePrice, cgtAmount] = [fields.rate, fields.amount, fields.netAmount, fields.basePrice, fields.cgtAmount].map(bigOrNull);
  const feeValues = FEES.map((fee) => bigOrNull(fields[fee]));
  const fees = feeValues.every(Boolean) ? (feeValues as Big[]).reduce((sum, fee) => sum.plus(fee)) : null;

  if (quantity && rate && amount) {
    const expected = quantity.times(rate);
    if (!withinTolerance(amount, expected)) problems.push(mismatch('amount', `amount (${money(amount)}) must equal quantity × rate (${money(expected)})`));
  }
  if ((type === 'BUY' || type === 'SELL') && amount && fees && netAmount) {
    const expected = type === 'BUY' ? amount.plus(fees) : amount.minus(fees);
    const sign = type === 'BUY' ? '+' : '−';
    if (!withinTolerance(netAmount, expected)) problems.push(mismatch('netAmount', `netAmount (${money(netAmount)}) must equal amount ${sign} fees (${money(expected)})`));
  }
  if (type === 'SELL' && quantity && rate && basePrice && cgtAmount) {
    const cgtProblem = capitalGainsTaxProblem({ quantity, rate, basePrice, cgtAmount }, fields.term, cgt);
    if (cgtProblem) problems.push(cgtProblem);
  }
  return problems;
}

function capitalGainsTaxProblem(sale: Record<'quantity' | 'rate' | 'basePrice' | 'cgtAmount', Big>, term: SellTerm | null, cgt: CgtLimits): FieldProblem | null {
  const field = 'cgtAmount';
  if (sale.rate.lte(sale.basePrice)) {
    return sale.cgtAmount.eq(0) ? null : { field, code: 'crossfield', message: 'cgtAmount must be 0 when rate ≤ basePrice' };
  }
  if (!term) return null;
  const percent = configuredPercent(term === 'short' ? cgt.shortPercent : cgt.longPercent);
  const gain = sale.rate.minus(sale.basePrice).times(sale.quantity);
  const maximum = gain.times(percent).times(ONE_HUNDREDTH);
  if (sale.cgtAmount.lte(maximum.plus(TOLERANCE))) return null;
  const message = `cgtAmount (${money(sale.cgtAmount)}) exceeds maximum ${canonicalText(percent)}% CGT on gain of ${money(gain)} (max ${money(maximum)})`;
  return { field, code: 'crossfield', message };
}

const withinTolerance = (actual: Big, expected: Big) => actual.minus(expected).abs().lte(TOLERANCE);
const mismatch = (field: string, statement: string): FieldProblem => ({ field, code: 'crossfield', message: `${statement} within ±0.01` });
const money = (value: Big) => fixedText(value, 2);
const bigOrNull = (text: string | null) => (text === null ? null : Big(text));

/** A CGT percent from configuration, plain decimal text ("7.5"); anything else is a configuration error. */
function configuredPercent(text: string): Big {
  const value = decimalFrom(text);
  if (!value) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  return value;
}
