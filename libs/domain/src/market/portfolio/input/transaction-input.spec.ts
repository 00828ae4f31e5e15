import { expect } from 'chai';
import type { FieldProblem } from '../../../shared';
import { readTransactionBody, TransactionFields, TransactionPatch, TransactionType, validateTransaction } from './transaction-input';

const COMPANY = '0190c6a2-7c1e-7b3a-9f00-1234567890ab';
const NOW = new Date('2024-07-15T06:00:00.000Z');
const CONTEXT = { now: NOW, cgt: { shortPercent: '7.5', longPercent: '5' } };
const FIELD_NAMES = [
  'companyId', 'type', 'transactedAt', 'quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission',
  'dpFee', 'netAmount', 'basePrice', 'term', 'cgtAmount', 'notes',
] as const;
type FieldName = (typeof FIELD_NAMES)[number];

/** 10 × 512.5 = 5125; + 0.77 + 20.5 + 25 fees = 5171.27. */
const buy = (changes: Record<string, unknown> = {}) => ({
  companyId: COMPANY, type: 'BUY', transactedAt: '2024-07-01', quantity: 10, rate: '512.5', amount: '5125',
  sebonCommission: '0.77', brokerCommission: '20.5', dpFee: '25', netAmount: '5171.27', ...changes,
});
/** 10 × 600 = 6000; − 49.9 fees = 5950.1; gain (600 − 500) × 10 = 1000, short-term maximum 75. */
const sell = (changes: Record<string, unknown> = {}) => ({
  companyId: COMPANY, type: 'SELL', transactedAt: '2024-07-01', quantity: 10, rate: '600', amount: '6000',
  sebonCommission: '0.9', brokerCommission: '24', dpFee: '25', netAmount: '5950.1', basePrice: '500', term: 'short', cgtAmount: '75', ...changes,
});

/** The POST path: read the body (it must read cleanly), then apply the whole-transaction rules. */
function submit(body: Record<string, unknown>) {
  const read = readTransactionBody(body);
  expect(read.problems, 'format problems').to.deep.equal([]);
  return validateTransaction(read.values, CONTEXT);
}
const problemsOf = (result: ReturnType<typeof validateTransaction>): FieldProblem[] => ('problems' in result ? result.problems : []);
function fieldsOf(result: ReturnType<typeof validateTransaction>): TransactionFields {
  if ('problems' in result) expect.fail(JSON.stringify(result.problems));
  return result.fields;
}
const required = (field: string): FieldProblem => ({ field, code: 'required', message: `${field} is required` });
const crossfield = (field: string, message: string): FieldProblem => ({ field, code: 'crossfield', message });

describe('transaction input', () => {
  describe(readTransactionBody.name, () => {
    it('refuses a body that is not a JSON object', () => {
      for (const body of [null, undefined, [], 'BUY', 42, true]) {
        expect(readTransactionBody(body).problems, JSON.stringify(body)).to.deep.equal([
          { field: 'body', code: 'type', message: 'Request body must be a JSON object' },
        ]);
      }
    });

    it('keeps only given fields, normalised; null or blank given becomes null; unknown fields are ignored', () => {
      const { values, problems } = readTransactionBody({
        companyId: COMPANY.toUpperCase(), type: ' buy ', transactedAt: '2024-07-01', quantity: '10', rate: 512.5, amount: '5125.00',
        term: ' Long ', dpFee: null, netAmount: '  ', notes: '', portfolioId: 'ignored', id: 'ignored',
      });
      expect(problems).to.deep.equal([]);
      expect(values).to.deep.equal({
        companyId: COMPANY, type: 'BUY', transactedAt: new Date('2024-06-30T18:15:00.000Z'), quantity: 10, rate: '512.5', amount: '5125',
        term: 'long', dpFee: null, netAmount: null, notes: null,
      });
    });

    it('reads a JSON number and the same value as a string alike', () => {
      const asNumbers = readTransactionBody({ quantity: 3, rate: 0.3333, amount: 1, cgtAmount: 0, basePrice: 9999999999.9999 }).values;
      const asStrings = readTransactionBody({ quantity: '3', rate: '0.3333', amount: '1.00', cgtAmount: '0.00', basePrice: '9999999999.9999' }).values;
      expect(asNumbers).to.deep.equal({ quantity: 3, rate: '0.3333', amount: '1', cgtAmount: '0', basePrice: '9999999999.9999' });
      expect(asStrings).to.deep.equal(asNumbers);
    });

    it('accepts the column bounds and trailing zeros beyond the column scale', () => {
      const { values, problems } = readTransactionBody({ quantity: 2147483647, rate: '0.0001', amount: '99999999999999.99', dpFee: '0', netAmount: '1.5000000', basePrice: 1e-4 });
      expect(problems).to.deep.equal([]);
      expect(values).to.deep.equal({ quantity: 2147483647, rate: '0.0001', amount: '99999999999999.99', dpFee: '0', netAmount: '1.5', basePrice: '0.0001' });
    });

    const decimalRows = (field: string, decimals: number, min: string, belowMin: string, max: string, aboveMax: string) => [
      [field, 'ten', 'type', `${field} must be a number`],
      [field, '1e3', 'type', `${field} must be a number`],
      [field, true, 'type', `${field} must be a number`],
      [field, NaN, 'type', `${field} must be a number`],
      [field, Infinity, 'type', `${field} must be a number`],
      [field, `1.${'5'.repeat(decimals + 1)}`, 'decimals', `${field} must have at most ${decimals} decimal places`],
      [field, belowMin, 'min', `${field} must be at least ${min}`],
      [field, aboveMax, 'max', `${field} must not exceed ${max}`],
    ];
    const MONEY_FIELDS = ['amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount', 'cgtAmount'];
    const rows: unknown[][] = [
      ['companyId', 'not-a-uuid', 'uuid', 'companyId must be a valid UUID'],
      ['companyId', `${COMPANY}0`, 'uuid', 'companyId must be a valid UUID'],
      ['companyId', 42, 'uuid', 'companyId must be a valid UUID'],
      ['type', 'SWAP', 'oneof', 'type must be one of: BUY SELL IPO FPO RIGHTS AUCTION DIVIDEND BONUS'],
      ['type', 1, 'oneof', 'type must be one of: BUY SELL IPO FPO RIGHTS AUCTION DIVIDEND BONUS'],
      ['term', 'medium', 'oneof', 'term must be one of: short long'],
      ...['2024-02-30', '2023-02-29', '2024-13-01', '2024-7-1', '01-07-2024', '1899-12-31', '10000-01-01', '2024-07-01T10:00:00', '2024-07-01T24:00:00Z',
        '2024-07-01T10:60:00Z', '2024-07-01T10:00:60Z', '2024-07-01T10:00:00+24:00', '2024-07-01 10:00:00Z', 'yesterday', 1719792000000]
        .map((raw) => ['transactedAt', raw, 'iso8601', 'transactedAt must be a date (YYYY-MM-DD) or an RFC 3339 timestamp']),
      ...['ten', 1.5, '1.0', '1e3', true, '1 000'].map((raw) => ['quantity', raw, 'type', 'quantity must be a whole number']),
      ['quantity', 0, 'min', 'quantity must be at least 1'],
      ['quantity', -3, 'min', 'quantity must be at least 1'],
      ['quantity', '-3', 'min', 'quantity must be at least 1'],
      ['quantity', 2147483648, 'max', 'quantity must not exceed 2147483647'],
      ['quantity', 1e21, 'max', 'quantity must not exceed 2147483647'],
      ['quantity', '99999999999999999999', 'max', 'quantity must not exceed 2147483647'],
      ...decimalRows('rate', 4, '0.0001', '0', '9999999999.9999', '10000000000'),
      ['rate', 0.00001, 'decimals', 'rate must have at most 4 decimal places'],
      ['rate', 1.5e-7, 'decimals', 'rate must have at most 4 decimal places'],
      ['rate', '-1', 'min', 'rate must be at least 0.0001'],
      ...decimalRows('basePrice', 4, '0', '-0.0001', '9999999999.9999', '10000000000'),
      ...MONEY_FIELDS.flatMap((field) => decimalRows(field, 2, '0', '-0.01', '99999999999999.99', '100000000000000')),
      ['amount', 1e21, 'max', 'amount must not exceed 99999999999999.99'],
      ['notes', 'x'.repeat(501), 'max', 'notes must not exceed 500 characters'],
      ['notes', 42, 'type', 'notes must be a string'],
    ];
    for (const [field, raw, code, message] of rows) {
      it(`${field} ${typeof raw === 'string' ? JSON.stringify(raw.slice(0, 30)) : String(raw)} → ${message}`, () => {
        expect(readTransactionBody({ [field as string]: raw })).to.deep.equal({ values: {}, problems: [{ field, code, message }] });
      });
    }

    it('counts notes in Unicode code points, not UTF-16 units', () => {
      expect(readTransactionBody({ notes: '😀'.repeat(500) }).problems).to.deep.equal([]);
      expect(readTransactionBody({ notes: '😀'.repeat(501) }).problems).to.have.length(1);
    });

    it('reads a calendar date as the start of that day in Nepal (UTC+05:45)', () => {
      const instant = (raw: string) => readTransactionBody({ transactedAt: raw }).values.transactedAt?.toISOString();
      expect(instant('2024-07-01')).to.equal('2024-06-30T18:15:00.000Z');
      expect(instant('2024-02-29')).to.equal('2024-02-28T18:15:00.000Z');
      expect(instant('1900-01-01')).to.equal('1899-12-31T18:15:00.000Z');
    });

    it('reads RFC 3339 timestamps with Z or an offset, fractions included', () => {
      const instant = (raw: string) => readTransactionBody({ transactedAt: raw }).values.transactedAt?.toISOString();
      expect(instant('2024-07-01T10:30:00+05:45')).to.equal('2024-07-01T04:45:00.000Z');
      expect(instant('2024-07-01T10:30:00-05:00')).to.equal('2024-07-01T15:30:00.000Z');
      expect(instant('2024-07-01T10:30:00.123456Z')).to.equal('2024-07-01T10:30:00.123Z');
      expect(instant('2024-07-01t10:30:00.5z')).to.equal('2024-07-01T10:30:00.500Z');
      expect(instant('9999-12-31T23:59:59Z')).to.equal('9999-12-31T23:59:59.000Z');
    });

    it('returns every format problem at once, in body field order', () => {
      const { problems } = readTransactionBody({ notes: 5, quantity: 0, type: 'SWAP', companyId: 'x', rate: '1.23456' });
      expect(problems.map((problem) => problem.field)).to.deep.equal(['companyId', 'type', 'quantity', 'rate', 'notes']);
    });
  });

  describe(validateTransaction.name, () => {
    const USED: Record<TransactionType, readonly FieldName[]> = {
      BUY: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount'],
      SELL: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee', 'netAmount', 'basePrice', 'term', 'cgtAmount'],
      IPO: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee'],
      FPO: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee'],
      RIGHTS: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee'],
      AUCTION: ['quantity', 'rate', 'amount', 'sebonCommission', 'brokerCommission', 'dpFee'],
      DIVIDEND: ['amount'],
      BONUS: ['quantity'],
    };
    const REQUIRED: Record<TransactionType, readonly FieldName[]> = {
      ...USED, IPO: ['quantity', 'rate', 'amount'], FPO: ['quantity', 'rate', 'amount'], RIGHTS: ['quantity', 'rate', 'amount'], AUCTION: ['quantity', 'rate', 'amount'],
    };

    it('requires companyId, type and transactedAt whatever else is given', () => {
      expect(problemsOf(validateTransaction({ notes: 'x' }, CONTEXT))).to.deep.equal([required('companyId'), required('type'), required('transactedAt')]);
    });

    for (const [type, fields] of Object.entries(REQUIRED)) {
      it(`${type} requires ${fields.join(', ')}`, () => {
        const bare = { companyId: COMPANY, type: type as TransactionType, transactedAt: new Date('2024-07-01T00:00:00Z') };
        expect(problemsOf(validateTransaction(bare, CONTEXT))).to.deep.equal(fields.map(required));
      });
    }

    for (const [type, used] of Object.entries(USED)) {
      it(`${type} keeps ${used.join(', ')} and notes; every other field is dropped to null, not refused`, () => {
        const everything = type === 'BUY' ? buy({ basePrice: '500', term: 'long', cgtAmount: '1' }) : sell({ type });
        const read = readTransactionBody({ ...everything, notes: ' kept ' }).values;
        const expected = Object.fromEntries(FIELD_NAMES.map((field) => [field, used.includes(field) ? read[field] : null]));
        Object.assign(expected, { companyId: COMPANY, type, transactedAt: new Date('2024-06-30T18:15:00.000Z'), notes: 'kept' });
        expect(fieldsOf(validateTransaction(read, CONTEXT))).to.deep.equal(expected);
      });
    }

    it('an issue (IPO, FPO, RIGHTS, AUCTION) may leave out its fees', () => {
      const fields = fieldsOf(submit({ companyId: COMPANY, type: 'RIGHTS', transactedAt: '2024-07-01', quantity: 50, rate: 100, amount: 5000 }));
      expect(fields).to.include({ quantity: 50, rate: '100', amount: '5000', sebonCommission: null, brokerCommission: null, dpFee: null, notes: null });
    });

    it('a blank required value counts as missing', () => {
      expect(problemsOf(validateTransaction({ ...readTransactionBody(buy()).values, rate: '  ' as string }, CONTEXT))).to.deep.equal([required('rate')]);
      expect(problemsOf(submit(buy({ rate: '', amount: null })))).to.deep.equal([required('rate'), required('amount')]);
    });

    it('reports an unknown type and still checks the other fields, without type-dependent rules', () => {
      expect(problemsOf(validateTransaction({ companyId: COMPANY, type: 'SWAP' as TransactionType, transactedAt: NOW, quantity: 0 }, CONTEXT))).to.deep.equal([
        { field: 'type', code: 'oneof', message: 'type must be one of: BUY SELL IPO FPO RIGHTS AUCTION DIVIDEND BONUS' },
        { field: 'quantity', code: 'min', message: 'quantity must be at least 1' },
      ]);
    });

    it('a stored row merged with a patch is normalised and validated like an add', () => {
      const stored: TransactionPatch = {
        ...readTransactionBody(buy()).values, rate: '512.5000', amount: '5125.00', netAmount: '5171.27', transactedAt: new Date('2024-06-30T18:15:00Z'),
      };
      expect(fieldsOf(validateTransaction({ ...stored, notes: 'patched' }, CONTEXT))).to.include({ rate: '512.5', amount: '5125', notes: 'patched' });
      expect(problemsOf(validateTransaction({ ...stored, quantity: 11 }, CONTEXT))).to.deep.equal([
        crossfield('amount', 'amount (5125.00) must equal quantity × rate (5637.50) within ±0.01'),
      ]);
    });

    describe('transactedAt in the future', () => {
      const at = (transactedAt: unknown, now: string) => problemsOf(validateTransaction({ ...readTransactionBody(buy({ transactedAt })).values }, { ...CONTEXT, now: new Date(now) }));
      const FUTURE = { field: 'transactedAt', code: 'future', message: 'transactedAt must not be in the future' };

      it('is refused when later than now', () => {
        expect(at('2024-07-15T06:00:00.001Z', '2024-07-15T06:00:00.000Z')).to.deep.equal([FUTURE]);
        expect(at('2024-07-15T06:00:00.000Z', '2024-07-15T06:00:00.000Z')).to.deep.equal([]);
      });

      it("a date is today from Nepal's midnight, even while it is still yesterday in UTC", () => {
        expect(at('2024-07-01', '2024-06-30T18:15:00.000Z')).to.deep.equal([]);
        expect(at('2024-07-01', '2024-06-30T18:14:59.999Z')).to.deep.equal([FUTURE]);
        expect(at('2024-07-02', '2024-07-01T12:00:00.000Z')).to.deep.equal([FUTURE]);
      });
    });

    describe('amount = quantity × rate within ±0.01', () => {
      const trade = (quantity: unknown, rate: unknown, amount: unknown) =>
        problemsOf(submit({ companyId: COMPANY, type: 'IPO', transactedAt: '2024-07-01', quantity, rate, amount }));

      const rows: [unknown, unknown, unknown, string | null][] = [
        [10, '512.5', '5125.01', null],
        [10, '512.5', '5124.99', null],
        [10, '512.5', '5125.02', 'amount (5125.02) must equal quantity × rate (5125.00) within ±0.01'],
        [10, '100.0001', '999.99', 'amount (999.99) must equal quantity × rate (1000.00) within ±0.01'], // 0.011 off
        [10, '100.0001', '1000.01', null], // 0.009 off
        [1, 0.3, 0.31, null], // exactly 0.01 off, where floats give 0.010000000000000009
        [3, '0.3333', '1', null], // 3 × 0.3333 = 0.9999
        [3, '0.3333', '0.98', 'amount (0.98) must equal quantity × rate (1.00) within ±0.01'],
        [1000, '1234567.8912', '1234567891.20', null],
        [100000, '9999999999.9999', '99999999999999.99', 'amount (99999999999999.99) must equal quantity × rate (999999999999990.00) within ±0.01'],
        [10000, '9999999999.9999', '99999999999999', null], // exactly 99999999999999 (floats say 99999999999999.02)
      ];
      for (const [quantity, rate, amount, message] of rows) {
        it(`${quantity} × ${rate} against ${amount}: ${message ?? 'accepted'}`, () => {
          expect(trade(quantity, rate, amount)).to.deep.equal(message ? [crossfield('amount', message)] : []);
        });
      }
    });

    describe('netAmount = amount ± fees within ±0.01', () => {
      it('BUY adds the fees', () => {
        expect(problemsOf(submit(buy({ netAmount: '5171.28' })))).to.deep.equal([]);
        expect(problemsOf(submit(buy({ netAmount: '5171.26' })))).to.deep.equal([]);
        expect(problemsOf(submit(buy({ netAmount: '5171.29' })))).to.deep.equal([
          crossfield('netAmount', 'netAmount (5171.29) must equal amount + fees (5171.27) within ±0.01'),
        ]);
      });

      it('SELL subtracts the fees', () => {
        expect(problemsOf(submit(sell({ netAmount: '5950.11' })))).to.deep.equal([]);
        expect(problemsOf(submit(sell({ netAmount: '5950.12' })))).to.deep.equal([
          crossfield('netAmount', 'netAmount (5950.12) must equal amount − fees (5950.10) within ±0.01'),
        ]);
        expect(problemsOf(submit(sell({ quantity: 1, rate: 10, amount: 10, netAmount: 0, basePrice: 10, cgtAmount: 0 })))).to.deep.equal([
          crossfield('netAmount', 'netAmount (0.00) must equal amount − fees (-39.90) within ±0.01'),
        ]);
      });
    });

    describe('SELL cgtAmount', () => {
      const cgtProblems = (changes: Record<string, unknown>, cgt = CONTEXT.cgt) => {
        const read = readTransactionBody(sell(changes));
        expect(read.problems).to.deep.equal([]);
        return problemsOf(validateTransaction(read.values, { now: NOW, cgt }));
      };
      const NOT_ZERO = crossfield('cgtAmount', 'cgtAmount must be 0 when rate ≤ basePrice');

      it('must be 0 when rate ≤ basePrice', () => {
        expect(cgtProblems({ basePrice: '600', cgtAmount: '0' })).to.deep.equal([]);
        expect(cgtProblems({ basePrice: '600', cgtAmount: '0.01' })).to.deep.equal([NOT_ZERO]);
        expect(cgtProblems({ basePrice: '700', cgtAmount: '5' })).to.deep.equal([NOT_ZERO]);
      });

      it('may not exceed the short-term share of the gain (7.5%), within ±0.01', () => {
        expect(cgtProblems({ cgtAmount: '75.01' })).to.deep.equal([]);
        expect(cgtProblems({ cgtAmount: '0' })).to.deep.equal([]);
        expect(cgtProblems({ cgtAmount: '75.02' })).to.deep.equal([
          crossfield('cgtAmount', 'cgtAmount (75.02) exceeds maximum 7.5% CGT on gain of 1000.00 (max 75.00)'),
        ]);
      });

      it('may not exceed the long-term share of the gain (5%)', () => {
        expect(cgtProblems({ term: 'long', cgtAmount: '50.01' })).to.deep.equal([]);
        expect(cgtProblems({ term: 'long', cgtAmount: '51' })).to.deep.equal([
          crossfield('cgtAmount', 'cgtAmount (51.00) exceeds maximum 5% CGT on gain of 1000.00 (max 50.00)'),
        ]);
      });

      it('prints the configured percent without trailing zeros and rounds amounts half up', () => {
        const tiny = { quantity: 1, rate: '100.005', amount: '100.01', sebonCommission: 0, brokerCommission: 0, dpFee: 0, netAmount: '100.01', basePrice: '100', cgtAmount: '0.02' };
        expect(cgtProblems(tiny, { shortPercent: '7.50', longPercent: '5.0' })).to.deep.equal([
          crossfield('cgtAmount', 'cgtAmount (0.02) exceeds maximum 7.5% CGT on gain of 0.01 (max 0.00)'),
        ]);
      });
    });

    it('runs no cross-field rule over a missing or invalid field', () => {
      expect(problemsOf(submit(buy({ amount: null })))).to.deep.equal([required('amount')]);
      expect(problemsOf(submit(sell({ basePrice: null, cgtAmount: '999' })))).to.deep.equal([required('basePrice')]);
      expect(problemsOf(validateTransaction({ ...readTransactionBody(buy()).values, rate: '-1' }, CONTEXT))).to.deep.equal([
        { field: 'rate', code: 'min', message: 'rate must be at least 0.0001' },
      ]);
    });

    it('returns every problem at once, in body field order', () => {
      const candidate = readTransactionBody(buy({ companyId: undefined, transactedAt: '2024-08-01', rate: null, netAmount: '1' })).values;
      expect(problemsOf(validateTransaction(candidate, CONTEXT))).to.deep.equal([
        required('companyId'),
        { field: 'transactedAt', code: 'future', message: 'transactedAt must not be in the future' },
        required('rate'),
        crossfield('netAmount', 'netAmount (1.00) must equal amount + fees (5171.27) within ±0.01'),
      ]);
    });
  });
});
