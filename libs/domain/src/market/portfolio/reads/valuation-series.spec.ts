import { expect } from 'chai';
import { valuationSeries } from './valuation-series';

const plain = (points: ReturnType<typeof valuationSeries>) =>
  points.map((point) => ({ at: point.at, value: point.value.toFixed(), invested: point.invested.toFixed(), unpriced: point.unpriced }));

describe('valuation series', () => {
  it('values each point with the latest position and the latest price at or before it', () => {
    const series = valuationSeries(
      ['2024-07-01', '2024-07-02', '2024-07-03'],
      [
        { companyId: 'a', at: '2024-06-20', units: '10', cost: '1000.5' },
        { companyId: 'a', at: '2024-07-02', units: '4', cost: '400.2' },
        { companyId: 'b', at: '2024-07-02', units: '3', cost: '30' },
      ],
      [
        { companyId: 'a', at: '2024-06-30', price: '101.25' },
        { companyId: 'a', at: '2024-07-03', price: '110' },
        { companyId: 'b', at: '2024-07-01', price: '12' },
      ],
    );
    expect(plain(series)).to.deep.equal([
      { at: '2024-07-01', value: '1012.5', invested: '1000.5', unpriced: 0 }, // a's close of 06-30 carried forward; b not held yet
      { at: '2024-07-02', value: '441', invested: '430.2', unpriced: 0 }, // 4 × 101.25 + 3 × 12
      { at: '2024-07-03', value: '476', invested: '430.2', unpriced: 0 },
    ]);
  });

  it('counts a held company without a price as unpriced, and a sold-out one not at all', () => {
    const series = valuationSeries(
      ['2024-07-01T05:15:00.000Z', '2024-07-01T06:00:00.000Z'],
      [
        { companyId: 'a', at: '2024-07-01T05:00:00.000Z', units: '5', cost: '50' },
        { companyId: 'a', at: '2024-07-01T05:30:00.000Z', units: '0', cost: '0' },
        { companyId: 'c', at: '2024-06-01T00:00:00.000Z', units: '2', cost: '20' },
      ],
      [{ companyId: 'a', at: '2024-07-01T05:15:00.000Z', price: '11' }],
    );
    expect(plain(series)).to.deep.equal([
      { at: '2024-07-01T05:15:00.000Z', value: '55', invested: '70', unpriced: 1 },
      { at: '2024-07-01T06:00:00.000Z', value: '0', invested: '20', unpriced: 1 },
    ]);
  });

  it('answers no points for no times', () => {
    expect(valuationSeries([], [{ companyId: 'a', at: '2024-07-01', units: '1', cost: '1' }], [])).to.deep.equal([]);
  });
});
