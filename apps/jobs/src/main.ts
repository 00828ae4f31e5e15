import 'reflect-metadata';
import { startService } from '@platform/http';
import { createJobsApp, startJobWorkers } from './jobs-app';

// Queues are closed (active jobs drained) by closeInfrastructure during shutdown.
startService({
  name: 'jobs',
  port: (config) => config.apps.jobs.port,
  create: createJobsApp,
  onStart: startJobWorkers,
});
