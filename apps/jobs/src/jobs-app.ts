import { createHttpApp, HttpApp } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { mountQueueDashboard } from './dashboard/queue-dashboard';
import { PROCESSORS } from './workers/processors';
import { startWorkers } from './workers/start-workers';

/** Composition root of the jobs app: HTTP only for health, metrics and the queue dashboard. */
export function createJobsApp(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'jobs',
    infra,
    container: createAppContainer('jobs', infra),
    controllers: [],
    configure: (app) => mountQueueDashboard(app, infra.queues, infra.config.jobs.dashboardToken),
  });
}

export function startJobWorkers(app: HttpApp, infra: Infrastructure): Promise<void> {
  return startWorkers(PROCESSORS, infra.queues, app.container, infra.logger);
}
