import Bull, { JobOptions, Queue } from 'bull';
import Redis from 'ioredis';
import { JOB_QUEUE, JobName, JobPayloads, QUEUE_NAMES, QueueName } from './jobs';

export interface QueueSettings {
  redisUrl: string;
  /** REDIS_PREFIX; bull keys live under `<prefix>:bull`. */
  prefix: string;
}

const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
};

const ADD_TIMEOUT_MS = 3_000;

export class QueueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueUnavailableError';
  }
}

/**
 * Opens bull queues lazily over shared connections. Bull manages its own key prefix (ioredis
 * `keyPrefix` is not supported by bull), so these connections carry none.
 */
export class QueueRegistry {
  private readonly queues = new Map<QueueName, Queue>();
  private client?: Redis;
  private subscriber?: Redis;

  constructor(private readonly settings: QueueSettings) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Bull(name, {
        prefix: `${this.settings.prefix.replace(/:$/, '')}:bull`,
        createClient: (type) => this.connection(type),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  all(): Queue[] {
    return QUEUE_NAMES.map((name) => this.queue(name));
  }

  /**
   * Adds a typed job to its queue. A `jobId` makes the add idempotent. Rejects with
   * QueueUnavailableError when Redis has not taken the job within `timeoutMs`: bull's connections
   * retry forever, and a producer (an HTTP request, a commit hook) must not wait that long. The
   * add may still land once Redis is back, so producers that can retry must use a `jobId`.
   */
  async add<J extends JobName>(job: J, payload: JobPayloads[J], options: JobOptions = {}, timeoutMs = ADD_TIMEOUT_MS) {
    return this.bounded(job, timeoutMs, () => this.queue(JOB_QUEUE[job]).add(job, payload, options));
  }

  /**
   * `add` for work that must be able to run again under the same `jobId`: bull answers an add
   * whose id it still holds with the old job and queues nothing, also when that job has finished
   * (kept by removeOnComplete/removeOnFail). Here a finished job (completed or failed) with the id
   * is removed first, so the add queues the work again; a waiting, delayed or active one is left
   * and the add coalesces with it. Only for jobs that are safe to run twice.
   */
  async requeue<J extends JobName>(job: J, payload: JobPayloads[J], options: JobOptions & { jobId: string }, timeoutMs = ADD_TIMEOUT_MS) {
    return this.bounded(job, timeoutMs, async () => {
      const queue = this.queue(JOB_QUEUE[job]);
      const previous = await queue.getJob(options.jobId);
      if (previous && ((await previous.isCompleted()) || (await previous.isFailed()))) {
        // Another producer may have removed (and re-added) it meanwhile: the add then coalesces.
        await previous.remove().catch(() => undefined);
      }
      return queue.add(job, payload, options);
    });
  }

  private async bounded<T>(job: JobName, timeoutMs: number, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError(`queueing ${job} timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits for active jobs of this process to finish, then closes every connection. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    for (const connection of [this.client, this.subscriber]) connection?.disconnect();
  }

  private connection(type: 'client' | 'subscriber' | 'bclient'): Redis {
    // Bull requires these two options on its blocking and subscriber connections.
    const options = { maxRetriesPerRequest: null, enableReadyCheck: false };
    if (type === 'client') return (this.client ??= new Redis(this.settings.redisUrl, options));
    if (type === 'subscriber') return (this.subscriber ??= new Redis(this.settings.redisUrl, options));
    return new Redis(this.settings.redisUrl, options);
  }
}
