import { Service } from 'typedi';

/**
 * The current time, injected wherever a rule depends on it (subscription windows, trials), so
 * tests move time by replacing it in the container (`container.set(Clock, fixedClock(t))`)
 * instead of sleeping.
 */
@Service()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that answers `at` (a Date or a mutable holder), for tests. */
export function fixedClock(at: Date | { now: Date }): Clock {
  return { now: () => new Date(at instanceof Date ? at : at.now) };
}
