import { expect } from 'chai';
import { CellProblem, decimal, instant, integer, bigInteger } from './cell-parsers';
import { readCsvRecords } from './csv-records';
import { scaleDecimal } from './decimal-text';
import { IngestionError } from './ingestion.errors';

/** Issue 9: the readers under the market ingestion (no database). */
describe('market file parsing', () => {
  describe(readCsvRecords.name, () => {
    it('reads RFC 4180 quoting, CRLF and a BOM, numbering records by the line they start on', () => {
      const text = '\ufeffsymbol,title\r\nABC,"Says ""hi"", twice"\r\n\r\nXYZ,"two\nlines"\nQRS,\n';
      expect(readCsvRecords(text, 'x.csv')).to.deep.equal([
        { line: 1, fields: ['symbol', 'title'] },
        { line: 2, fields: ['ABC', 'Says "hi", twice'] },
        { line: 4, fields: ['XYZ', 'two\nlines'] },
        { line: 6, fields: ['QRS', ''] },
      ]);
    });

    it('names the line of a stray or unclosed quote', () => {
      const refusal = (text: string) => {
        try {
          readCsvRecords(text, 'x.csv');
        } catch (error) {
          return (error as IngestionError).message;
        }
        return undefined;
      };
      expect(refusal('a,b\nx,y"z\n')).to.equal('x.csv line 2: a double quote inside an unquoted field (quote the field and double its quotes)');
      expect(refusal('a,b\n"x"y,z\n')).to.equal('x.csv line 2: text after a closing quote (a quoted field must end at a comma or line end)');
      expect(refusal('a,b\nx,y\n"open,\n')).to.equal('x.csv line 3: a quoted field is never closed');
    });
  });

  describe('number cells', () => {
    it('keeps decimals exact, rounding past the scale half away from zero as PostgreSQL does', () => {
      expect(scaleDecimal('0.1', 4)?.text).to.equal('0.1000');
      expect(scaleDecimal('12.34565', 4)?.text).to.equal('12.3457');
      expect(scaleDecimal('-12.34565', 4)?.text).to.equal('-12.3457');
      expect(scaleDecimal('1.5e3', 2)?.text).to.equal('1500.00');
      expect(scaleDecimal('.5', 2)?.text).to.equal('0.50');
      expect(scaleDecimal('123456789012345678.123456', 6)?.text).to.equal('123456789012345678.123456');
      for (const bad of ['', '.', '-', '1,5', '1.2.3', 'abc', '0x10', 'NaN', 'Infinity']) expect(scaleDecimal(bad, 2), bad).to.be.undefined;
    });

    it('refuses values a numeric(p, s) column cannot hold, and honours the bounds', () => {
      const price = decimal({ precision: 14, scale: 4, min: 'positive' });
      expect(price('9999999999.9999')).to.equal('9999999999.9999');
      expect(() => price('9999999999.99995')).to.throw(CellProblem, 'too large');
      expect(() => price('0.00004')).to.throw(CellProblem, 'must be greater than 0');
      expect(price(0.3)).to.equal('0.3000');
    });

    it('refuses a JSON decimal with more than 15 significant digits (JSON.parse rounded it): write it as a string', () => {
      const price = decimal({ precision: 18, scale: 6 });
      for (const bad of [0.1 + 0.2, Number('1234567890.1234567'), Number('12345678901234567')]) {
        expect(() => price(bad), String(bad)).to.throw(CellProblem, 'more than 15 significant digits, too many for a JSON number; write it as a string');
      }
      expect(price(123456789.123456)).to.equal('123456789.123456'); // 15 digits
      expect(price(1.5e-7)).to.equal('0.000000');
      expect(price(1e11)).to.equal('100000000000.000000');
      expect(price('1234567890.1234567')).to.equal('1234567890.123457'); // as a string: exact, rounded to the scale
    });

    it('reads whole numbers exactly, and refuses JSON numbers past 2^53', () => {
      expect(bigInteger(0n)('9223372036854775807')).to.equal('9223372036854775807');
      expect(() => bigInteger(0n)('9223372036854775808')).to.throw(CellProblem, 'out of range');
      expect(() => bigInteger(1n)(2 ** 60)).to.throw(CellProblem, 'write it as a string');
      expect(integer(0, 4)(3)).to.equal(3);
      expect(() => integer(0, 4)(3.5)).to.throw(CellProblem, 'not a whole number');
    });
  });

  describe('instant cells', () => {
    it('turns one instant written with any offset into one canonical UTC text', () => {
      expect(instant('2024-07-01T11:00:00+05:45')).to.equal('2024-07-01T05:15:00.000000Z');
      expect(instant('2024-07-01t05:15:00.5z')).to.equal('2024-07-01T05:15:00.500000Z');
      expect(instant('2024-06-30T23:00:00.123456-06:15')).to.equal('2024-07-01T05:15:00.123456Z');
    });

    it('refuses a missing offset, an impossible date and sub-microsecond digits', () => {
      for (const bad of ['2024-07-01T05:15:00', '2024-02-30T05:15:00Z', '2024-07-01T24:00:00Z', '2024-07-01']) {
        expect(() => instant(bad), bad).to.throw(CellProblem, 'RFC 3339');
      }
      expect(() => instant('2024-07-01T05:15:00.1234567Z')).to.throw(CellProblem, 'finer than a microsecond');
    });

    it('refuses an instant an offset pushes outside 0001-01-01..9999-12-31 UTC, and keeps the edges', () => {
      for (const bad of ['9999-12-31T23:59:59-23:59', '9999-12-31T23:00:00-01:00', '0001-01-01T00:00:00+00:01']) {
        expect(() => instant(bad), bad).to.throw(CellProblem, 'outside 0001-01-01 to 9999-12-31 (UTC)');
      }
      expect(instant('9999-12-31T23:59:59.999999Z')).to.equal('9999-12-31T23:59:59.999999Z');
      expect(instant('9999-12-31T23:59:59+23:59')).to.equal('9999-12-31T00:00:59.000000Z');
      expect(instant('0001-01-01T23:59:00+23:59')).to.equal('0001-01-01T00:00:00.000000Z');
      expect(instant('0099-12-31T00:00:00Z')).to.equal('0099-12-31T00:00:00.000000Z'); // not 1999
    });
  });
});
