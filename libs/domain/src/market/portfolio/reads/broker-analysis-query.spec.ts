import { expect } from 'chai';
import { DomainError } from '../../../shared';
import { readBrokerAnalysisQuery } from './broker-analysis-query';

const messagesOf = (query: Record<string, unknown>) => {
  try {
    readBrokerAnalysisQuery(query);
  } catch (error) {
    if (error instanceof DomainError) return (error.details?.errors ?? []).map((problem) => problem.message);
    throw error;
  }
  return expect.fail('no problem');
};

describe('broker analysis query', () => {
  it('defaults to no bounds and 10 brokers', () => {
    expect(readBrokerAnalysisQuery({})).to.deep.equal({ from: null, to: null, limit: 10 });
    expect(readBrokerAnalysisQuery({ from: '', to: ' ', limit: '' })).to.deep.equal({ from: null, to: null, limit: 10 });
  });

  it('reads dates as themselves and RFC 3339 timestamps as their Nepal date', () => {
    expect(readBrokerAnalysisQuery({ from: '2024-06-01', to: '2024-07-01T18:14:59Z', limit: '50' })).to.deep.equal({ from: '2024-06-01', to: '2024-07-01', limit: 50 });
    expect(readBrokerAnalysisQuery({ from: '2024-07-01T18:15:00Z', limit: '1' })).to.deep.equal({ from: '2024-07-02', to: null, limit: 1 });
    expect(readBrokerAnalysisQuery({ to: '2024-07-02T00:30:00+05:45' }).to).to.equal('2024-07-02');
  });

  it('lists every problem with the spec’s messages', () => {
    const dateMessage = (field: string) => `${field} must be a date (YYYY-MM-DD) or an RFC 3339 timestamp`;
    expect(messagesOf({ from: 'yesterday', to: '2024-02-30', limit: '0' })).to.deep.equal([dateMessage('from'), dateMessage('to'), 'limit must be at least 1']);
    expect(messagesOf({ limit: '51' })).to.deep.equal(['limit must not exceed 50']);
    for (const limit of ['1.5', 'ten', '1e1', ['x'], { a: 1 }]) expect(messagesOf({ limit }), String(limit)).to.deep.equal(['limit must be a whole number']);
    expect(messagesOf({ to: '9999-12-31T23:00:00Z' })).to.deep.equal([dateMessage('to')]);
  });
});
