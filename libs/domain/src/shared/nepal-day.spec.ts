import { expect } from 'chai';
import { nepalDayDateTime, readNepalInstant } from './nepal-day';

describe('nepal-day', () => {
  it('reads a bare date as the first instant of that day in Nepal (UTC+05:45)', () => {
    expect(readNepalInstant('2031-01-01').toISOString()).to.equal('2030-12-31T18:15:00.000Z');
    expect(nepalDayDateTime('2031-01-01')).to.equal('2031-01-01T00:00:00.000+05:45');
  });

  it("reads a bare date's end as the last millisecond of that day in Nepal", () => {
    expect(readNepalInstant('2031-01-01', 'end').toISOString()).to.equal('2031-01-01T18:14:59.999Z');
  });

  it('reads a date-time as the instant it names, whatever the side', () => {
    expect(readNepalInstant('2031-01-01T09:00:00Z', 'end').toISOString()).to.equal('2031-01-01T09:00:00.000Z');
    expect(nepalDayDateTime('2031-01-01T09:00:00+01:00')).to.equal('2031-01-01T09:00:00+01:00');
  });
});
