import { expect } from 'chai';
import { filterPlan, ScenarioGroup, Target } from './scenarios';

/** BENCH_FILTER: one text, or several separated by commas; each kept group keeps its baseline. */
describe(filterPlan.name, () => {
  const target = (name: string, kind: Target['kind'] = 'scenario'): Target => ({ name, kind, description: '', url: 'http://127.0.0.1/' });
  const plan: ScenarioGroup[] = [
    { baseline: target('baseline: a', 'baseline'), scenarios: [target('POST /api/orders/buy-now'), target('GET /api/cart')] },
    { baseline: target('baseline: b', 'baseline'), scenarios: [target('POST /api/mobile/training/enroll')] },
  ];
  const names = (groups: ScenarioGroup[]) => groups.map((group) => [group.baseline.name, ...group.scenarios.map((s) => s.name)]);

  it('keeps every group without a filter, and the matching scenarios (case-insensitive) with their baseline with one', () => {
    expect(filterPlan(plan, undefined)).to.equal(plan);
    expect(names(filterPlan(plan, 'BUY-NOW'))).to.deep.equal([['baseline: a', 'POST /api/orders/buy-now']]);
  });

  it('keeps the scenarios matching any of several comma-separated texts', () => {
    expect(names(filterPlan(plan, 'buy-now, training/enroll'))).to.deep.equal([
      ['baseline: a', 'POST /api/orders/buy-now'],
      ['baseline: b', 'POST /api/mobile/training/enroll'],
    ]);
    expect(filterPlan(plan, 'nothing,else')).to.deep.equal([]);
  });
});
