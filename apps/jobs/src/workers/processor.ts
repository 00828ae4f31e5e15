import type { Job, JobOptions } from 'bull';
import type { ContainerInstance } from 'typedi';
import type { AppConfig } from '@platform/config';
import type { JobName, JobPayloads } from '@platform/queue';

/** A worker for one job name: thin, it calls a domain use case and must be safe to run twice. */
export interface JobProcessor<J extends JobName = JobName> {
  job: J;
  concurrency?: number;
  /** Run on a schedule (bull repeatable job), e.g. `{ cron: '17 3 * * *' }`, or one read from the config. */
  repeat?: JobOptions['repeat'] | ((config: AppConfig) => JobOptions['repeat']);
  process(job: Job<JobPayloads[J]>, container: ContainerInstance): Promise<unknown>;
  /** Called once when the job failed its last attempt (bull will not run it again). */
  onGaveUp?(job: Job<JobPayloads[J]>, error: unknown, container: ContainerInstance): Promise<unknown>;
}

export const defineProcessor = <J extends JobName>(processor: JobProcessor<J>) => processor;
