import { expect } from 'chai';
import { DomainError } from '../../../shared';
import { rangeStart, readValuationRange } from './valuation-range';

const problemOf = (query: Record<string, unknown>) => {
  try {
    readValuationRange(query);
  } catch (error) {
    return error instanceof DomainError ? { message: error.message, errors: error.details?.errors } : error;
  }
  return expect.fail('no problem');
};

describe('valuation range', () => {
  it('reads range case-insensitively and trimmed; absent or empty is 1M', () => {
    expect(readValuationRange({})).to.equal('1M');
    expect(readValuationRange({ range: '' })).to.equal('1M');
    expect(readValuationRange({ range: ' ytd ' })).to.equal('YTD');
    expect(readValuationRange({ range: '1d' })).to.equal('1D');
    expect(readValuationRange({ range: ['all', '1W'] })).to.equal('ALL');
  });

  it('answers the spec message for any other value', () => {
    const message = 'range must be one of: 1D 1W 1M 3M 6M 1Y YTD ALL';
    for (const range of ['2W', '1 M', 'max', { a: '1' }]) {
      expect(problemOf({ range })).to.deep.equal({ message, errors: [{ field: 'range', code: 'oneof', message }] });
    }
  });

  it('starts 1W six days back, 1M…1Y the day after the same date months back (clamped to the month end)', () => {
    expect(rangeStart('1W', '2024-07-02', '2020-01-01')).to.equal('2024-06-26');
    expect(rangeStart('1M', '2024-07-02', '2020-01-01')).to.equal('2024-06-03');
    expect(rangeStart('3M', '2024-07-02', '2020-01-01')).to.equal('2024-04-03');
    expect(rangeStart('6M', '2024-07-02', '2020-01-01')).to.equal('2024-01-03');
    expect(rangeStart('1Y', '2024-07-02', '2020-01-01')).to.equal('2023-07-03');
    expect(rangeStart('1M', '2024-03-31', '2020-01-01')).to.equal('2024-03-01');
    expect(rangeStart('1Y', '2024-02-29', '2020-01-01')).to.equal('2023-03-01');
    expect(rangeStart('1M', '2024-01-15', '2020-01-01')).to.equal('2023-12-16');
  });

  it('starts YTD on 1 January of the latest day’s year and ALL on the first transaction day', () => {
    expect(rangeStart('YTD', '2024-07-02', '2020-01-01')).to.equal('2024-01-01');
    expect(rangeStart('ALL', '2024-07-02', '2021-05-06')).to.equal('2021-05-06');
  });
});
