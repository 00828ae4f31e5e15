import 'reflect-metadata';
import { NotificationMailer } from '@platform/domain';
import { startService } from '@platform/http';
import { createJobsApp, startJobWorkers } from './jobs-app';

// Queues are closed (active jobs drained) by closeInfrastructure during shutdown.
startService({
  name: 'jobs',
  port: (config) => config.apps.jobs.port,
  create: createJobsApp,
  onStart: startJobWorkers,
  // Once the jobs drained, nothing sends email: the SMTP pool's connections close.
  onClosed: (app) => app.container.get(NotificationMailer).close(),
});
