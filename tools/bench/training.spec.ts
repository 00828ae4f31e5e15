import { expect } from 'chai';
import { answerKey } from './load';
import type { Measurement } from './measure';
import { findProblems } from './report';
import type { Target } from './scenarios';
import { COHORT_FULL, enrollRushChecks, EnrollRushOutcome } from './training-oversell';

/** The training bench group's no-oversell verdict (issue 20), without a database or a load run. */
describe('training bench: the no-oversell check', () => {
  const rush = { capacity: 3, customers: 8 };
  const clean: EnrollRushOutcome = {
    answers: { '200': 3, [COHORT_FULL]: 5 },
    errors: 0,
    enrollments: { pending: 3, total: 3, users: 3 },
    cohort: { seatsTaken: 3, status: 'full' },
    orderLines: 3,
  };
  const failed = (outcome: EnrollRushOutcome) => enrollRushChecks(rush, outcome).filter((check) => !check.ok).map((check) => check.name);

  it('passes every check when exactly capacity were admitted and the rest refused with TRAINING_COHORT_FULL', () => {
    expect(failed(clean)).to.deep.equal([]);
  });

  it('fails on an oversold cohort: more 200s, pending enrollments, seats or orders than capacity', () => {
    const oversold: EnrollRushOutcome = {
      ...clean,
      answers: { '200': 4, [COHORT_FULL]: 4 },
      enrollments: { pending: 4, total: 4, users: 4 },
      cohort: { seatsTaken: 4, status: 'full' },
      orderLines: 4,
    };
    expect(failed(oversold)).to.deep.equal([
      'exactly capacity admitted (200)',
      'every other answer 409 TRAINING_COHORT_FULL',
      'no oversell: capacity pending enrollments, no customer twice',
      "seats_taken = capacity and the cohort 'full'",
      'one order per enrollment',
    ]);
  });

  it('fails when the counter and the rows disagree, or the cohort is left open', () => {
    expect(failed({ ...clean, cohort: { seatsTaken: 3, status: 'open' } })).to.deep.equal(["seats_taken = capacity and the cohort 'full'"]);
    expect(failed({ ...clean, enrollments: { pending: 3, total: 4, users: 3 } })).to.deep.equal(['no oversell: capacity pending enrollments, no customer twice']);
  });

  it('fails on a 5xx or another refusal in place of TRAINING_COHORT_FULL, and on unanswered requests', () => {
    const withErrors = failed({ ...clean, answers: { '200': 3, [COHORT_FULL]: 3, '500 INTERNAL_ERROR': 1, '409 TRAINING_ALREADY_ENROLLED': 1 } });
    expect(withErrors).to.deep.equal(['no 5xx', 'every other answer 409 TRAINING_COHORT_FULL']);
    expect(failed({ ...clean, answers: { '200': 3, [COHORT_FULL]: 4 }, errors: 1 })).to.deep.equal([
      'every customer answered once',
      'every other answer 409 TRAINING_COHORT_FULL',
    ]);
  });

  it('keys answers by status, and by errorCode when not 2xx', () => {
    expect(answerKey(200, '{"data":{}}')).to.equal('200');
    expect(answerKey(409, '{"errorCode":"TRAINING_COHORT_FULL","message":"full"}')).to.equal(COHORT_FULL);
    expect(answerKey(502, '<html>')).to.equal('502 (not JSON)');
    expect(answerKey(500, '{"message":"x"}')).to.equal('500 (no errorCode)');
  });

  it("counts a target's expected statuses as no problem, any other non-2xx and any failed check as one", () => {
    const stats = (statusCodes: Record<string, number>) => ({
      requestsPerSecond: 1, totalRequests: 8, latencyMs: { p50: 1, p99: 1, average: 1, max: 1 }, errors: 0, timeouts: 0, durationSeconds: 1, statusCodes,
      non2xx: Object.entries(statusCodes).filter(([code]) => !code.startsWith('2')).reduce((sum, [, n]) => sum + n, 0),
    });
    const target: Target = { name: 'enroll', kind: 'scenario', description: '', url: 'http://127.0.0.1/x', expectedStatuses: [409] };
    const run = (statusCodes: Record<string, number>): Measurement[] => [{ target, outcome: { warmup: stats({}), measured: stats(statusCodes) } }];
    expect(findProblems(run({ '200': 3, '409': 5 }))).to.deep.equal([]);
    expect(findProblems(run({ '200': 3, '409': 4, '500': 1 }))).to.deep.equal(['enroll (measured): 1 unexpected non-2xx responses (409: 4, 500: 1)']);
    expect(findProblems(run({ '200': 3, '409': 5 }), [{ name: 'no oversell', ok: false, detail: '4 pending' }])).to.deep.equal(['check failed: no oversell: 4 pending']);
  });
});
