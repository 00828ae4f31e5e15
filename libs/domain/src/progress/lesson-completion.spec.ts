import { expect } from 'chai';
import { watchPercentage } from '../catalog';
import { reachesCompletion } from './lesson-completion';

describe('watchPercentage and reachesCompletion', () => {
  it('never shows the threshold while the latch has not flipped (89.997 % is 89.99, not 90)', () => {
    expect(watchPercentage(3248, 3609)).to.equal(89.99);
    expect(reachesCompletion(3248, 3609, 90)).to.equal(false);
    expect(watchPercentage(3249, 3609)).to.equal(90.02);
    expect(reachesCompletion(3249, 3609, 90)).to.equal(true);
  });

  it('is exact at the threshold, capped at 100, and null without a duration or without progress', () => {
    expect(watchPercentage(540, 600)).to.equal(90);
    expect(reachesCompletion(540, 600, 90)).to.equal(true);
    expect(reachesCompletion(539, 600, 90)).to.equal(false);
    expect(watchPercentage(1_600, 600)).to.equal(100);
    expect(watchPercentage(10, null)).to.equal(null);
    expect(reachesCompletion(10, null, 90)).to.equal(false);
    expect(watchPercentage(null, 600)).to.equal(null);
    expect(watchPercentage(0, 600)).to.equal(0);
  });
});
