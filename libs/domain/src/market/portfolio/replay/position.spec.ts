import { expect } from 'chai';
import { NO_POSITION, Oversold, ReplayedTransaction, replayPositions } from './position';

const tx = (type: ReplayedTransaction['type'], fields: Partial<ReplayedTransaction> = {}): ReplayedTransaction => ({
  id: `${type}-${Math.random()}`,
  type,
  quantity: null,
  amount: null,
  sebonCommission: null,
  brokerCommission: null,
  dpFee: null,
  netAmount: null,
  cgtAmount: null,
  ...fields,
});
const summary = (positions: ReturnType<typeof replayPositions>) =>
  positions.map((p) => [p.units, p.cost.toFixed(4), p.realisedGain.toFixed(4), p.dividendIncome.toFixed(2), p.cgtPaid.toFixed(2)]);

/** The position rules (CONTRACT section 8, REFERENCE "NEPSE"), one transaction at a time, exact decimals. */
describe('replayPositions', () => {
  it('adds BUYs at their netAmount and issues at amount + fees, BONUS at par, DIVIDEND as income only', () => {
    const positions = replayPositions(
      NO_POSITION,
      [
        tx('BUY', { quantity: 10, amount: '1000', netAmount: '1028.01' }),
        tx('IPO', { quantity: 10, amount: '1000', dpFee: '5' }),
        tx('BONUS', { quantity: 5 }),
        tx('DIVIDEND', { amount: '12.34' }),
      ],
      '100',
    );
    expect(summary(positions)).to.deep.equal([
      [10, '1028.0100', '0.0000', '0.00', '0.00'],
      [20, '2033.0100', '0.0000', '0.00', '0.00'],
      [25, '2533.0100', '0.0000', '0.00', '0.00'],
      [25, '2533.0100', '0.0000', '12.34', '0.00'],
    ]);
  });

  it('sells at the weighted average cost (to 4 decimals), realising netAmount − CGT − that cost; selling out leaves no cost', () => {
    const positions = replayPositions(
      NO_POSITION,
      [
        tx('BUY', { quantity: 3, amount: '100', netAmount: '100' }),
        tx('SELL', { quantity: 1, amount: '50', netAmount: '40', cgtAmount: '1.5' }),
        tx('SELL', { quantity: 2, amount: '80', netAmount: '70', cgtAmount: '0' }),
      ],
      '100',
    );
    // 100 / 3 = 33.3333 for the first unit sold; the last two take the rest, 66.6667.
    expect(summary(positions)).to.deep.equal([
      [3, '100.0000', '0.0000', '0.00', '0.00'],
      [2, '66.6667', '5.1667', '0.00', '1.50'],
      [0, '0.0000', '8.5000', '0.00', '1.50'],
    ]);
  });

  it('throws Oversold with the units held at that point', () => {
    const sell = tx('SELL', { quantity: 11, amount: '1', netAmount: '1', cgtAmount: '0' });
    const error = (() => {
      try {
        replayPositions(NO_POSITION, [tx('BUY', { quantity: 10, amount: '1', netAmount: '1' }), sell], '100');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).to.be.instanceOf(Oversold);
    expect(error).to.include({ transactionId: sell.id, quantity: 11, held: 10 });
    expect((error as Error).message).to.equal('SELL quantity 11 exceeds current holding of 10 units');
  });
});
