import { randomUUID } from 'node:crypto';
import { OrderItemModel, TrainingCohortModel, TrainingEnrollmentModel, UserModel } from '@platform/db';
import { AccessTokenService } from '@platform/domain';
import { createTraining, TestTraining } from '@platform/testing';
import type { RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { Measurement } from './measure';
import type { BenchCheck, ScenarioGroup, Target } from './scenarios';
import { enrollRushChecks, EnrollRushOutcome } from './training-oversell';

/**
 * Issue 20: TRAINING_CUSTOMERS distinct customers enroll into one open cohort of
 * TRAINING_CAPACITY seats over TRAINING_CONNECTIONS connections, one request each (autocannon
 * `amount`, no warm-up: every request is a new enrollment), eSewa, no Idempotency-Key. Reports
 * req/s and latency (200s and 409s together) beside express + pg insert, then checks that no
 * seat was oversold (training-oversell.ts): a failed check fails the run.
 *
 * `prepare` (only when BENCH_FILTER keeps the group) writes the training, a second one for the
 * pre-flight request (so it takes none of the measured seats), and the customers: bare `users`
 * rows with signed tokens, as the commerce fixtures make them.
 */
export const TRAINING_CAPACITY = 200;
export const TRAINING_CUSTOMERS = 400;
export const TRAINING_CONNECTIONS = 50;
const TOKEN_TTL_SECONDS = 3_600;
const RETURN_URL = 'http://localhost:5173/training/enrolled';
const ENROLL_PATH = '/api/mobile/training/enroll';

export interface TrainingBench {
  groups: ScenarioGroup[];
}

const enrollBody = ({ product, cohorts, sessions }: TestTraining) =>
  JSON.stringify({ productId: product.id, cohortId: cohorts[0].id, sessionId: sessions[0].id, gateway: 'esewa', returnUrl: RETURN_URL, formData: {} });

export function startTrainingBench(customerApi: RunningApp, baselines: Baselines): TrainingBench {
  const json = { 'content-type': 'application/json' };
  const container = customerApi.app.container;
  const rush = { capacity: TRAINING_CAPACITY, customers: TRAINING_CUSTOMERS };
  const shape =
    `${TRAINING_CUSTOMERS} distinct customers, one request each (${TRAINING_CUSTOMERS} requests, no warm-up), into one open cohort of ` +
    `${TRAINING_CAPACITY} seats, ${TRAINING_CONNECTIONS} connections`;
  const baseline: Target = {
    name: 'baseline: express + pg insert (training)',
    kind: 'baseline',
    description:
      'express.json + pg.Pool(DB_POOL_MAX): one INSERT per request keyed by a fresh Idempotency-Key, the enroll body, ' +
      `${TRAINING_CONNECTIONS} connections, timed (warm-up + BENCH_DURATION_SECONDS)`,
    url: baselines.expressPgInsertUrl,
    method: 'POST',
    connections: TRAINING_CONNECTIONS,
  };
  const scenario: Target = {
    name: 'customer-api POST /api/mobile/training/enroll (esewa, one cohort)',
    kind: 'scenario',
    description:
      'customer JWT, user check, rate limit (Redis), enroll checks, the seat (conditional UPDATE of the cohort row), order + line + ' +
      `payment + pending enrollment + history in one transaction, signed eSewa form; ${shape}: ${TRAINING_CAPACITY} answers 200, ` +
      `the rest 409 TRAINING_COHORT_FULL (latencies of both)`,
    url: `${customerApi.baseUrl}${ENROLL_PATH}`,
    method: 'POST',
    connections: TRAINING_CONNECTIONS,
    amount: TRAINING_CUSTOMERS,
    expectedStatuses: [409],
    tallyAnswers: true,
    // The seat-takers queue on one cohort row: on a busy 2-core machine p99 came near autocannon's 10 s default.
    timeoutSeconds: 30,
  };
  let training: TestTraining | undefined;

  const prepare = async () => {
    if (training) return;
    training = await createTraining({ title: 'Bench training', mrpPaisa: 300_000, spPaisa: 250_000, cohorts: [{ capacity: TRAINING_CAPACITY }] });
    const preflightTraining = await createTraining({ title: 'Bench training (pre-flight)', cohorts: [{ capacity: 1 }] });
    const users = await UserModel.bulkCreate(
      Array.from({ length: TRAINING_CUSTOMERS + 1 }, (_, n) => ({
        id: randomUUID(),
        email: `bench-training-${n}@example.com`,
        passwordHash: 'not-a-hash: these customers never log in',
        fullName: `Bench Training ${n}`,
      })),
    );
    const tokens = container.get(AccessTokenService);
    const [preflight, ...customers] = users.map((user) => tokens.sign({ kind: 'customer', id: user.id }, TOKEN_TTL_SECONDS));
    const body = enrollBody(training);
    Object.assign(baseline, { headers: { ...json, 'idempotency-key': 'bench-preflight-training' }, body, perRequest: { idempotencyKey: true } } satisfies Partial<Target>);
    Object.assign(scenario, {
      headers: { ...json, authorization: `Bearer ${preflight}` },
      body: enrollBody(preflightTraining),
      perRequest: { bearerTokens: customers, bodyTemplate: body },
    } satisfies Partial<Target>);
  };

  const outcomeOf = async (measurements: Measurement[]): Promise<EnrollRushOutcome | undefined> => {
    const stats = measurements.find((m) => m.target === scenario)?.outcome?.measured;
    if (!training || !stats) return undefined;
    const cohortId = training.cohorts[0].id;
    const [pending, total, users, cohort, orderLines] = await Promise.all([
      TrainingEnrollmentModel.count({ where: { cohortId, status: 'pending' } }),
      TrainingEnrollmentModel.count({ where: { cohortId } }),
      TrainingEnrollmentModel.count({ where: { cohortId }, distinct: true, col: 'userId' }),
      TrainingCohortModel.findByPk(cohortId, { rejectOnEmpty: true }),
      OrderItemModel.count({ where: { productId: training.product.id } }),
    ]);
    return {
      answers: stats.answers ?? {},
      errors: stats.errors,
      enrollments: { pending, total, users },
      cohort: { seatsTaken: cohort.seatsTaken, status: cohort.status },
      orderLines,
    };
  };

  const summarize = async (measurements: Measurement[]): Promise<string[]> => {
    const stats = measurements.find((m) => m.target === scenario)?.outcome?.measured;
    if (!stats) return [];
    const answers = Object.entries(stats.answers ?? {}).map(([key, n]) => `${key}: ${n}`).join(', ');
    return [
      `training enroll: ${stats.totalRequests} requests in ${stats.durationSeconds} s (${Math.round(stats.requestsPerSecond)} req/s, ` +
        `p50 ${stats.latencyMs.p50} ms, p99 ${stats.latencyMs.p99} ms); answers ${answers}`,
    ];
  };

  const verify = async (measurements: Measurement[]): Promise<BenchCheck[]> => {
    const outcome = await outcomeOf(measurements);
    if (!outcome) return [{ name: 'training enroll rush ran', ok: false, detail: 'no answers were measured (see the target error)' }];
    return enrollRushChecks(rush, outcome).map((check) => ({ ...check, name: `training enroll: ${check.name}` }));
  };

  return { groups: [{ prepare, baseline, scenarios: [scenario], summarize, verify }] };
}
