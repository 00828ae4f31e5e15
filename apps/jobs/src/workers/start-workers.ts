import type { ContainerInstance } from 'typedi';
import { CONFIG } from '@platform/domain';
import type { Logger } from '@platform/observability';
import { JOB_QUEUE, QueueRegistry } from '@platform/queue';
import type { JobProcessor } from './processor';

/** Subscribes each processor to its queue and registers its schedule (idempotent in bull). */
export async function startWorkers(
  processors: JobProcessor[],
  queues: QueueRegistry,
  container: ContainerInstance,
  logger: Logger,
): Promise<void> {
  for (const processor of processors) {
    const queue = queues.queue(JOB_QUEUE[processor.job]);
    queue.process(processor.job, processor.concurrency ?? 1, async (job) => {
      const log = logger.child({ job: processor.job, jobId: job.id, attempt: job.attemptsMade + 1 });
      try {
        const result = await processor.process(job as never, container);
        log.debug('job completed');
        return result;
      } catch (error) {
        log.error({ err: error }, 'job failed');
        if (processor.onGaveUp && job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
          await processor.onGaveUp(job as never, error, container).catch((err: unknown) => log.error({ err }, 'job give-up handler failed'));
        }
        throw error;
      }
    });
    const repeat = typeof processor.repeat === 'function' ? processor.repeat(container.get(CONFIG)) : processor.repeat;
    if (repeat) {
      await queue.add(processor.job, {}, { repeat, jobId: `schedule:${processor.job}` });
    }
  }
}
