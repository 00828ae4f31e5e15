import type { AppsUnderTest, RunningApp } from './apps';
import type { Baselines } from './baselines';
import type { BenchActors } from './fixtures';

/** One URL to load: a baseline server or a route of an app. */
export interface Target {
  name: string;
  kind: 'baseline' | 'scenario';
  /** What this target measures, for the report. */
  description: string;
  url: string;
  headers?: Record<string, string>;
}

/** A baseline, measured right before the scenarios that are compared with it. */
export interface ScenarioGroup {
  baseline: Target;
  scenarios: Target[];
}

export function buildPlan(apps: AppsUnderTest, baselines: Baselines, actors: BenchActors): ScenarioGroup[] {
  const healthz = (app: RunningApp): Target => ({
    name: `${app.name} GET /healthz`,
    kind: 'scenario',
    description: 'liveness route: the app middleware stack (logging, metrics, helmet, cors) in front of a constant body',
    url: `${app.baseUrl}/healthz`,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return [
    {
      baseline: {
        name: 'baseline: bare express',
        kind: 'baseline',
        description: 'express() with one route answering the health body',
        url: baselines.bareExpressUrl,
      },
      scenarios: [
        healthz(apps.adminApi),
        healthz(apps.customerApi),
        healthz(apps.marketApi),
        healthz(apps.jobs),
        {
          name: 'admin-api GET /api/admin/auth/me',
          kind: 'scenario',
          description: 'admin JWT (passport-jwt), permission check, routing-controllers action and envelope; no database',
          url: `${apps.adminApi.baseUrl}/api/admin/auth/me`,
          headers: bearer(actors.adminToken),
        },
      ],
    },
    {
      baseline: {
        name: 'baseline: express + pg',
        kind: 'baseline',
        description: 'express() + pg.Pool(DB_POOL_MAX): SELECT id FROM users WHERE id = $1',
        url: baselines.expressPgUrl(actors.customerId),
      },
      scenarios: [
        {
          name: 'customer-api GET /api/auth/me',
          kind: 'scenario',
          description: 'customer JWT, user-exists check, user load (sequelize) and envelope',
          url: `${apps.customerApi.baseUrl}/api/auth/me`,
          headers: bearer(actors.customerToken),
        },
      ],
    },
  ];
}

/** Keeps the scenarios whose name contains `filter` (case-insensitive), each group with its baseline. */
export function filterPlan(plan: ScenarioGroup[], filter: string | undefined): ScenarioGroup[] {
  if (!filter) return plan;
  const wanted = filter.toLowerCase();
  return plan
    .map((group) => ({ ...group, scenarios: group.scenarios.filter((s) => s.name.toLowerCase().includes(wanted)) }))
    .filter((group) => group.scenarios.length > 0);
}
