import type { BenchCheck } from './scenarios';

/** The rush: `customers` distinct customers each sending one enroll request into one cohort of `capacity` seats. */
export interface EnrollRush {
  capacity: number;
  customers: number;
}

/** What the rush did: the load generator's answers, then the database. */
export interface EnrollRushOutcome {
  /** LoadStats.answers: `200`, `409 TRAINING_COHORT_FULL`, ... (answerKey in load.ts). */
  answers: Record<string, number>;
  /** Connection errors and timeouts (requests that got no answer). */
  errors: number;
  /** The cohort's enrollments: pending ones, all of them (any status), and their distinct users. */
  enrollments: { pending: number; total: number; users: number };
  cohort: { seatsTaken: number; status: string };
  /** Order lines of the training's product (one per order placed). */
  orderLines: number;
}

export const COHORT_FULL = '409 TRAINING_COHORT_FULL';

/**
 * Issue 20 "Seats": the rush admits exactly `capacity` customers and refuses every other with
 * 409 TRAINING_COHORT_FULL, nothing answers 5xx, and the database agrees: `capacity` pending
 * enrollments (no more rows, no customer twice), seats_taken = capacity, cohort `full`, one
 * order per enrollment. Each failed check names what it saw.
 */
export function enrollRushChecks(rush: EnrollRush, outcome: EnrollRushOutcome): BenchCheck[] {
  const { capacity, customers } = rush;
  const { answers, enrollments, cohort } = outcome;
  const count = (key: string) => answers[key] ?? 0;
  const answered = Object.values(answers).reduce((sum, n) => sum + n, 0);
  const others = Object.entries(answers).filter(([key]) => key !== '200' && key !== COHORT_FULL);
  const serverErrors = Object.entries(answers).filter(([key]) => key.startsWith('5'));
  const seen = (entries: Array<[string, number]>) => entries.map(([key, n]) => `${key}: ${n}`).join(', ') || 'none';
  const check = (name: string, ok: boolean, detail: string): BenchCheck => ({ name, ok, detail });

  return [
    check('every customer answered once', answered === customers && outcome.errors === 0, `${answered} answers of ${customers} requests, ${outcome.errors} errors/timeouts`),
    check('no 5xx', serverErrors.length === 0, `5xx answers: ${seen(serverErrors)}`),
    check('exactly capacity admitted (200)', count('200') === capacity, `${count('200')} of ${capacity} seats`),
    check(
      'every other answer 409 TRAINING_COHORT_FULL',
      count(COHORT_FULL) === customers - capacity && others.length === 0,
      `${count(COHORT_FULL)} (expected ${customers - capacity}); other answers: ${seen(others)}`,
    ),
    check(
      'no oversell: capacity pending enrollments, no customer twice',
      enrollments.pending === capacity && enrollments.total === capacity && enrollments.users === capacity,
      `${enrollments.pending} pending, ${enrollments.total} in all, ${enrollments.users} customers; capacity ${capacity}`,
    ),
    check(
      "seats_taken = capacity and the cohort 'full'",
      cohort.seatsTaken === capacity && cohort.status === 'full',
      `seats_taken ${cohort.seatsTaken} of ${capacity}, status '${cohort.status}'`,
    ),
    check('one order per enrollment', outcome.orderLines === capacity, `${outcome.orderLines} order lines of the training's product`),
  ];
}
