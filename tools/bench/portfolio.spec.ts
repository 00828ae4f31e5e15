import Big from 'big.js';
import { expect } from 'chai';
import {
  buyBody,
  countTransactions,
  finalUnits,
  GENERATOR_START,
  GENERATOR_STEP_MS,
  generateTransactions,
  GeneratedType,
  goalLines,
  insertColumns,
  MAX_UNITS,
  rupees,
  timingStats,
} from './portfolio-generator';

const LEVELS = [520, 410, 225, 285, 1_100, 980, 350, 640, 95, 2_400];
const COMPANY_IDS = LEVELS.map((_, n) => `0190b3c2-0000-7000-8000-${String(n).padStart(12, '0')}`);
const NOW = new Date('2026-01-01T00:00:00Z');

/** market-data.md "Portfolio transaction": the fields each generated type carries (every other one null). */
const SHAPES: Record<GeneratedType, string[]> = {
  BUY: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount'],
  SELL: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount', 'basePrice', 'term', 'cgtAmount'],
  DIVIDEND: ['amount'],
  BONUS: ['quantity'],
};
const OPTIONAL = ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount', 'basePrice', 'term', 'cgtAmount'] as const;
const DECIMAL = /^\d+\.\d{2}$/;

describe('portfolio bench generator', () => {
  const transactions = generateTransactions({ count: 20_000, priceLevels: LEVELS, seed: 10 });

  it('gives the count asked for, in strictly increasing time, every type and every company', () => {
    expect(transactions).to.have.length(20_000);
    expect(transactions[0].transactedAt.getTime()).to.equal(GENERATOR_START.getTime());
    for (let n = 1; n < transactions.length; n += 1) {
      expect(transactions[n].transactedAt.getTime() - transactions[n - 1].transactedAt.getTime()).to.equal(GENERATOR_STEP_MS);
    }
    const counts = countTransactions(transactions);
    expect(counts.BUY + counts.SELL + counts.DIVIDEND + counts.BONUS).to.equal(20_000);
    expect(counts.companies).to.equal(LEVELS.length);
    for (const type of ['BUY', 'SELL', 'DIVIDEND', 'BONUS'] as const) expect(counts[type], type).to.be.greaterThan(1_000);
    expect(counts.BUY).to.be.greaterThan(counts.SELL);
    expect(transactions[transactions.length - 1].transactedAt.getTime()).to.be.below(NOW.getTime());
  });

  it('is deterministic: the same options give the same transactions, another seed others', () => {
    expect(generateTransactions({ count: 2_000, priceLevels: LEVELS, seed: 10 })).to.deep.equal(transactions.slice(0, 2_000));
    expect(generateTransactions({ count: 2_000, priceLevels: LEVELS, seed: 11 })).not.to.deep.equal(transactions.slice(0, 2_000));
  });

  it('never oversells: no SELL takes more than the units held, some sell out, the positions stay bounded', () => {
    let soldOut = 0;
    const held = new Map<number, number>();
    for (const tx of transactions) {
      const units = held.get(tx.company) ?? 0;
      if (tx.type === 'SELL') {
        expect(tx.quantity).to.be.within(1, units);
        if (tx.quantity === units) soldOut += 1;
      }
      const after = tx.type === 'SELL' ? units - (tx.quantity ?? 0) : tx.type === 'DIVIDEND' ? units : units + (tx.quantity ?? 0);
      expect(after).to.be.within(0, 2 * MAX_UNITS + 200);
      held.set(tx.company, after);
    }
    expect(soldOut, 'full sell-outs (the cost of all units, a company back to 0)').to.be.greaterThan(0);
    expect(finalUnits(transactions)).to.deep.equal(held);
  });

  it('satisfies the amounts exactly: amount = quantity × rate, BUY netAmount = amount + fees, SELL = amount − fees', () => {
    for (const tx of transactions) {
      if (tx.type !== 'BUY' && tx.type !== 'SELL') continue;
      const amount = Big(tx.amount as string);
      expect(amount.eq(Big(tx.rate as string).times(tx.quantity as number)), `${tx.type} amount`).to.equal(true);
      const fees = Big(tx.sebonCommission as string).plus(tx.brokerCommission as string).plus(tx.dpFee as string);
      expect(Big(tx.netAmount as string).eq(tx.type === 'BUY' ? amount.plus(fees) : amount.minus(fees)), `${tx.type} netAmount`).to.equal(true);
    }
  });

  it('has the shape of its type and the rules of POST /transactions: whole quantities, 2-place decimals, CGT at most 7.5 % / 5 % of the gain', () => {
    for (const tx of transactions) {
      const given = OPTIONAL.filter((field) => tx[field] !== null);
      expect(given, tx.type).to.deep.equal(SHAPES[tx.type]);
      if (tx.quantity !== null) expect(Number.isInteger(tx.quantity) && tx.quantity >= 1).to.equal(true);
      for (const field of ['rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount', 'basePrice', 'cgtAmount'] as const) {
        if (tx[field] !== null) expect(tx[field]).to.match(DECIMAL);
      }
      if (tx.rate !== null) expect(Big(tx.rate).gt(0)).to.equal(true);
      if (tx.type !== 'SELL') continue;
      const gain = Big(tx.rate as string).minus(tx.basePrice as string).times(tx.quantity as number);
      const cgt = Big(tx.cgtAmount as string);
      if (gain.lte(0)) expect(cgt.eq(0), 'no CGT without a gain').to.equal(true);
      else expect(cgt.lte(gain.times(tx.term === 'short' ? '0.075' : '0.05').plus('0.01')), 'CGT ceiling').to.equal(true);
    }
    const sells = transactions.filter((tx) => tx.type === 'SELL');
    expect(sells.some((tx) => Big(tx.cgtAmount as string).gt(0)), 'some SELL pays CGT').to.equal(true);
    expect(new Set(sells.map((tx) => tx.term))).to.deep.equal(new Set(['short', 'long']));
  });

  it('builds a valid BUY body for the appended write', () => {
    const body = buyBody(COMPANY_IDS[0], 10, 52_037, new Date('2025-06-01T05:00:00Z'));
    expect(body).to.include({ type: 'BUY', quantity: 10, rate: '520.37', amount: '5203.70' });
    expect(body).to.include({ sebonCommission: '0.78', brokerCommission: '18.73', dpFee: '25.00', netAmount: '5248.21' });
    expect(body['transactedAt']).to.equal('2025-06-01T05:00:00.000Z');
  });

  it('lays out the bulk insert columns in bind order, one array per column, nulls kept', () => {
    const batch = transactions.slice(0, 50);
    const ids = batch.map((_, n) => `id-${n}`);
    const columns = insertColumns(batch, ids, COMPANY_IDS);
    expect(columns).to.have.length(14);
    expect(columns.every((column) => column.length === 50)).to.equal(true);
    expect(columns[0]).to.deep.equal(ids);
    expect(columns[1][0]).to.equal(COMPANY_IDS[batch[0].company]);
    expect(columns[3][0]).to.equal(GENERATOR_START.toISOString());
    const dividend = batch.findIndex((tx) => tx.type === 'DIVIDEND');
    if (dividend >= 0) expect(columns[4][dividend]).to.equal(null);
    expect(() => insertColumns(batch, ids.slice(1), COMPANY_IDS)).to.throw('49 ids for 50 transactions');
  });
});

describe('portfolio bench helpers', () => {
  it('writes whole paisa as rupees with two places', () => {
    expect([0, 5, 100, 12_345, 1_000_000_007].map(rupees)).to.deep.equal(['0.00', '0.05', '1.00', '123.45', '10000000.07']);
    expect(() => rupees(-1)).to.throw();
    expect(() => rupees(1.5)).to.throw();
  });

  it('takes nearest-rank percentiles', () => {
    const stats = timingStats(Array.from({ length: 100 }, (_, n) => 100 - n));
    expect(stats).to.deep.equal({ count: 100, p50: 50, p95: 95, max: 100, mean: 50.5 });
    expect(timingStats([7])).to.include({ p50: 7, p95: 7, max: 7 });
    expect(() => timingStats([])).to.throw();
  });

  it('states the goals as met or NOT met', () => {
    expect(goalLines(3.2, 3.5)).to.deep.equal([
      'summary server time 10k: p50 3.20 ms (goal < 50 ms) — met',
      '100k/10k ratio: 1.09 (goal ≤ 12) — met',
    ]);
    expect(goalLines(60, 800)).to.deep.equal([
      'summary server time 10k: p50 60.00 ms (goal < 50 ms) — NOT met',
      '100k/10k ratio: 13.33 (goal ≤ 12) — NOT met',
    ]);
  });
});
