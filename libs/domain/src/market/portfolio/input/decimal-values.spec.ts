import Big from 'big.js';
import { expect } from 'chai';
import { canonicalText, decimalFrom, decimalPlaces, fixedText } from './decimal-values';

const canonical = (raw: unknown) => {
  const value = decimalFrom(raw);
  return value ? canonicalText(value) : null;
};

describe('decimal values', () => {
  it('reads plain decimal text only', () => {
    expect(canonical('512.50')).to.equal('512.5');
    expect(canonical('-3')).to.equal('-3');
    expect(canonical('007.10')).to.equal('7.1');
    for (const text of ['', '1.', '.5', '+1', '1e3', '1E3', '1,000', ' 1', '1 ', '0x10', '1.2.3', '--1', 'NaN', 'Infinity']) {
      expect(decimalFrom(text), text).to.equal(null);
    }
  });

  it('reads JSON numbers as JavaScript prints them, exponent forms expanded exactly', () => {
    expect(canonical(512.5)).to.equal('512.5');
    expect(canonical(0.3333)).to.equal('0.3333');
    expect(canonical(1e-7)).to.equal('0.0000001');
    expect(canonical(-1.5e-7)).to.equal('-0.00000015');
    expect(canonical(1e21)).to.equal('1000000000000000000000');
    expect(canonical(1.25e22)).to.equal('12500000000000000000000');
    expect(canonical(-0)).to.equal('0');
    for (const raw of [NaN, Infinity, -Infinity, true, null, undefined, {}, [1], 10n]) expect(decimalFrom(raw), String(raw)).to.equal(null);
  });

  it('canonical text drops trailing fraction zeros and negative zero', () => {
    const rows: [string, string][] = [
      ['512.5000', '512.5'],
      ['7.000', '7'],
      ['100', '100'],
      ['-0.00', '0'],
      ['0.0001', '0.0001'],
      ['-12.30', '-12.3'],
    ];
    for (const [text, expected] of rows) expect(canonical(text), text).to.equal(expected);
  });

  it('counts the decimal places a value needs, trailing zeros excluded', () => {
    expect(decimalPlaces(Big('1.50'))).to.equal(1);
    expect(decimalPlaces(Big('1.2345'))).to.equal(4);
    expect(decimalPlaces(Big('-0.00001'))).to.equal(5);
    expect(decimalPlaces(Big('10.000'))).to.equal(0);
    expect(decimalPlaces(Big('0'))).to.equal(0);
  });

  it('writes exactly N decimals, rounding half up (away from zero), never a negative zero', () => {
    const rows: [string, number, string][] = [
      ['5', 2, '5.00'],
      ['0.005', 2, '0.01'],
      ['0.0049', 2, '0.00'],
      ['1.995', 2, '2.00'],
      ['1.994', 2, '1.99'],
      ['-0.005', 2, '-0.01'],
      ['-0.001', 2, '0.00'],
      ['-0', 2, '0.00'],
      ['0.9999', 2, '1.00'],
      ['999999999999990000', 2, '999999999999990000.00'],
      ['21474836469999785251.6353', 2, '21474836469999785251.64'],
      ['12.5', 0, '13'],
      ['0.05', 4, '0.0500'],
    ];
    for (const [text, decimals, expected] of rows) expect(fixedText(Big(text), decimals), `${text} to ${decimals}`).to.equal(expected);
  });
});
