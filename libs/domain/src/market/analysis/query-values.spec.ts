import { expect } from 'chai';
import { clampInteger, listValues, oneOf } from './query-values';

describe('stock-analysis query values', () => {
  const bounds = { min: 1, max: 10, fallback: 5 };

  it('clampInteger: decimal numbers clamped and truncated, beyond a double clamped, anything else the default', () => {
    expect(['3', ' 3 ', '3.9', '+3', '.3e1', '3E0'].map((raw) => clampInteger(raw, bounds))).to.deep.equal([3, 3, 3, 3, 3, 3]);
    expect(clampInteger('1e309', bounds)).to.equal(10);
    expect(clampInteger('-1e309', bounds)).to.equal(1);
    expect(clampInteger('99', bounds)).to.equal(10);
    expect(clampInteger('-0.5', bounds)).to.equal(1);
    for (const raw of ['0x14', 'Infinity', '-Infinity', 'NaN', '1_0', '1 0', '', 'abc', '0b11', '1e', undefined, { a: '3' }, [{ a: '3' }]]) {
      expect(clampInteger(raw, bounds), JSON.stringify(raw)).to.equal(5);
    }
    expect(clampInteger(['7', '2'], bounds)).to.equal(7);
  });

  it('oneOf: empty or absent is the default, case-insensitive, anything else (a non-string value too) is 400', () => {
    const read = (raw: unknown) => oneOf(raw, ['a', 'b'] as const, 'a', 'invalid x');
    expect([undefined, '', ' ', ' B ', ['b', 'zz']].map(read)).to.deep.equal(['a', 'a', 'a', 'b', 'b']);
    for (const raw of ['c', { a: 'b' }, [{ a: 'b' }], null]) expect(() => read(raw), JSON.stringify(raw)).to.throw('invalid x');
  });

  it('listValues: comma-separated and repeated, trimmed, empties and non-strings dropped', () => {
    expect(listValues([' a, ,b', 'c', { d: 'e' }, ''])).to.deep.equal(['a', 'b', 'c']);
    expect(listValues({ d: 'e' })).to.deep.equal([]);
    expect(listValues(undefined)).to.deep.equal([]);
  });
});
