import supertest from 'supertest';
import type { HttpApp } from '@platform/http';
import type { ContainerInstance } from 'typedi';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { sharedInfrastructure } from './shared-infrastructure';

export interface TestApp {
  app: HttpApp;
  infra: Infrastructure;
  http: supertest.Agent;
}

/** Builds an app on the run's shared infrastructure, for supertest (one instance per test file). */
export async function buildTestApp(create: (infra: Infrastructure) => HttpApp, infra?: Infrastructure): Promise<TestApp> {
  const resolved = infra ?? (await sharedInfrastructure());
  const app = create(resolved);
  return { app, infra: resolved, http: supertest.agent(app.express) };
}

/** Polls `check` until it returns true or `timeoutMs` passes; for states that settle asynchronously. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 8_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A container over the shared infrastructure (or `infra`, e.g. an isolatedInfrastructure with its
 * own settings), for domain-level specs that need no HTTP app.
 */
export async function testContainer(name = 'spec', infra?: Infrastructure): Promise<ContainerInstance> {
  return createAppContainer(name, infra ?? (await sharedInfrastructure()));
}
