import { expect } from 'chai';
import { metric } from '../analysis/metric';
import { FairValueMethod, fairValueInputs, grahamNumber, sectorPeValue } from './fair-value';
import { normalisePeerSymbols, selectPeers } from './peer-selection';
import type { PriceMetrics } from './price-metrics';
import { normaliseTab } from './ratio-tabs';
import { cagrPercent, growthPercent, median, multiplyExact, ratio, round } from './valuation-math';

describe('valuation formulas', () => {
  const v = (value: number) => metric(value, 'mdp');

  it('ratio: upstream_missing for an invalid input, negative_input for a denominator ≤ 0, else rounded to 4 decimals', () => {
    expect(ratio(v(1), { source: 'mdp', status: 'upstream_missing' })).to.deep.equal({ source: 'computed', status: 'upstream_missing' });
    expect(ratio(v(1), v(0))).to.deep.equal({ source: 'computed', status: 'negative_input' });
    expect(ratio(v(1), v(-2))).to.deep.equal({ source: 'computed', status: 'negative_input' });
    expect(ratio(v(2), v(3), 100)).to.deep.equal({ value: 66.6667, source: 'computed', status: 'valid' });
  });

  it('growth and CAGR need a positive base', () => {
    expect(growthPercent(v(120), v(100))).to.deep.include({ value: 20 });
    expect(growthPercent(v(120), v(-100))).to.deep.include({ status: 'negative_input' });
    expect(cagrPercent(v(8), v(1), 3)).to.deep.include({ value: 100 });
    expect(cagrPercent(v(-8), v(1), 3)).to.deep.include({ status: 'negative_input' });
  });

  it('median of at least the minimum cohort, else insufficient_cohort', () => {
    expect(median([3, 1, 2], 3)).to.deep.include({ value: 2 });
    expect(median([4, 1, 2, 3], 3)).to.deep.include({ value: 2.5 });
    expect(median([1, 2], 3)).to.deep.equal({ source: 'computed', status: 'insufficient_cohort' });
  });

  it('multiplyExact rounds the exact product half away from zero', () => {
    expect(multiplyExact('0.1', '3')).to.equal(0.3);
    expect(multiplyExact('123.4567', '1000003')).to.equal(123457070.37); // 123457070.3701
    expect(multiplyExact('0.005', '1')).to.equal(0.01);
    expect(multiplyExact('-0.005', '1')).to.equal(-0.01);
    expect(multiplyExact('15.0000', '100.00', 6)).to.equal(1500);
    expect(round(-2.00005)).to.equal(-2.0001);
  });

  it('normaliseTab: empty is valuation, case-insensitive, anything else is 400', () => {
    expect(normaliseTab(undefined)).to.equal('valuation');
    expect(normaliseTab(' ')).to.equal('valuation');
    expect(normaliseTab(['Solvency', 'growth'])).to.equal('solvency');
    expect(() => normaliseTab('ratios')).to.throw('invalid tab; expected valuation, profitability, solvency or growth');
    expect(() => normaliseTab({ a: 'b' })).to.throw('invalid tab');
  });

  it('peer symbols: comma-separated and repeated, trimmed, upper-cased, empties dropped', () => {
    const symbols = (raw: unknown) => normalisePeerSymbols(raw).map((peer) => peer.symbol);
    expect(symbols([' nabil, ,ebl', 'NABIL', '', { x: 1 }])).to.deep.equal(['NABIL', 'EBL', 'NABIL']);
    expect(symbols(undefined)).to.deep.equal([]);
    expect(symbols(Array(30).fill('A').join(','))).to.have.length(20);
  });

  it('peer symbols: each cut to 20 characters; only ^[A-Z0-9]{1,20}$ is storable (a long one stays unstorable once cut)', () => {
    expect(normalisePeerSymbols(['a'.repeat(20), 'A'.repeat(21), `bad-${'x'.repeat(5000)}`])).to.deep.equal([
      { symbol: 'A'.repeat(20), storable: true },
      { symbol: 'A'.repeat(20), storable: false },
      { symbol: `BAD-${'X'.repeat(16)}`, storable: false },
    ]);
  });

  it('selectPeers: a repeated focal symbol is a duplicate; valid peers past 4 are dropped unreported', () => {
    const known = new Map(['B', 'C', 'D', 'E', 'F', 'X'].map((s) => [s, { id: s.toLowerCase(), sectorId: s === 'X' ? 'other' : 'banks' }]));
    const requested = normalisePeerSymbols('A,A,B,C,X,D,E,F,Q');
    const result = selectPeers({ symbol: 'A', sectorId: 'banks' }, requested, known);
    expect(result.keptIds).to.deep.equal(['b', 'c', 'd', 'e']);
    expect(result.excluded).to.deep.equal([
      { symbol: 'A', reason: 'focal_company' },
      { symbol: 'A', reason: 'duplicate' },
      { symbol: 'X', reason: 'different_sector' },
      { symbol: 'Q', reason: 'unknown_symbol' },
    ]);
    // An unstorable symbol is unknown_symbol however often it comes, even when cut to a stored one.
    const unstorable = selectPeers({ symbol: 'A', sectorId: 'banks' }, normalisePeerSymbols(['B-1', 'B-1', 'B'.repeat(21)]), new Map([['B'.repeat(20), { id: 'b20', sectorId: 'banks' }]]));
    expect(unstorable).to.deep.equal({
      keptIds: [],
      excluded: [
        { symbol: 'B-1', reason: 'unknown_symbol' },
        { symbol: 'B-1', reason: 'unknown_symbol' },
        { symbol: 'B'.repeat(20), reason: 'unknown_symbol' },
      ],
    });
  });

  describe('fair value inputs', () => {
    const prices = { eps: v(20), bvps: v(150) } as PriceMetrics;

    it('holds every input of every method once, a shared one (eps) under one name', () => {
      const methods = [grahamNumber(prices), sectorPeValue(prices, v(12.5))];
      expect(fairValueInputs(methods)).to.deep.equal({ eps: v(20), bvps: v(150), sectorMedianPe: v(12.5) });
    });

    it('refuses two methods that give one input different values, instead of keeping the last', () => {
      const other: FairValueMethod = { ...sectorPeValue(prices, v(12.5)), inputs: { eps: v(21), sectorMedianPe: v(12.5) } };
      expect(() => fairValueInputs([grahamNumber(prices), other])).to.throw(/sector_pe gives input eps .*21/);
      const missing: FairValueMethod = { ...other, inputs: { eps: { source: 'mdp', status: 'upstream_missing' } } };
      expect(() => fairValueInputs([grahamNumber(prices), missing])).to.throw(/input eps/);
    });
  });
});
