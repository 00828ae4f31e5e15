import Bull, { JobOptions, Queue } from 'bull';
import Redis from 'ioredis';
import type { Logger } from '@platform/observability';
import { JOB_QUEUE, JobName, JobPayloads, QUEUE_NAMES, QueueName } from './jobs';

export interface QueueSettings {
  redisUrl: string;
  /** REDIS_PREFIX; bull keys live under `<prefix>:bull`. */
  prefix: string;
  /** Where failures of the queues' own connections are reported (stderr when absent). */
  logger?: Pick<Logger, 'warn' | 'debug'>;
  /**
   * How long `close()` waits for this process's active jobs before closing anyway (10 s by
   * default); the apps pass what is left of SHUTDOWN_TIMEOUT_MS.
   */
  closeWaitMs?: number;
}

const DEFAULT_JOB_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
};

const ADD_TIMEOUT_MS = 3_000;
const CLOSE_WAIT_MS = 10_000;

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
  /** One blocking connection per queue; bull does not close connections it did not create. */
  private readonly blockingClients = new Set<Redis>();
  private closing = false;
  /** `<queue>:<job id>` of the jobs this process is running (bull's local active/completed/failed events). */
  private readonly activeJobs = new Set<string>();

  constructor(private readonly settings: QueueSettings) {}

  /**
   * Refuses (QueueUnavailableError) while `close()` runs: a queue opened then would never be
   * closed, and a job added then could land after the connections went. Producers already treat
   * the error as Redis being down: they log it and a sweep or bull's retry does the work later.
   * Once closed, the registry opens again on next use (the test suites share one across files).
   */
  queue(name: QueueName): Queue {
    if (this.closing) throw new QueueUnavailableError(`the queues are closing (shutdown): ${name} takes no new jobs`);
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Bull(name, {
        prefix: `${this.settings.prefix.replace(/:$/, '')}:bull`,
        createClient: (type) => this.connection(type),
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      this.observeWorkerNaming(queue);
      this.trackActiveJobs(queue);
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

  /**
   * Stops taking jobs (and refuses new adds), waits for the active jobs of this process to finish
   * (bull's close, queue by queue in parallel), and only then closes the connections the queues
   * share, so no queue loses its connection while another is still finishing a job. The wait is
   * capped at `waitMs`: past it the connections are dropped and the jobs still active are logged;
   * bull takes them for stalled and runs them again (every job is safe to run twice). Rejects
   * naming what failed to close.
   */
  async close(waitMs = this.settings.closeWaitMs ?? CLOSE_WAIT_MS): Promise<void> {
    this.closing = true;
    const queues = [...this.queues.values()];
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (deadline = setTimeout(() => resolve('expired'), waitMs)));
    const closed = await Promise.race([Promise.allSettled(queues.map((queue) => queue.close())), expired]);
    clearTimeout(deadline);
    const results = closed === 'expired' ? [] : closed;
    if (closed === 'expired') {
      this.log.warn({ waitMs, activeJobs: [...this.activeJobs] }, 'jobs still active at the shutdown deadline; closing anyway (bull retries them as stalled)');
    }
    const connections = [this.client, this.subscriber, ...this.blockingClients].filter((c): c is Redis => c !== undefined);
    this.client = this.subscriber = undefined;
    this.blockingClients.clear();
    this.queues.clear();
    const close = closed === 'expired' ? async (connection: Redis) => connection.disconnect() : closeConnection;
    results.push(...(await Promise.allSettled(connections.map(close))));
    this.closing = false;
    this.activeJobs.clear();
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failures.length > 0) throw new AggregateError(failures, `closing the queues failed: ${failures.map(String).join('; ')}`);
  }

  /**
   * bull 4 names a worker's blocking connection with a CLIENT SETNAME it never awaits
   * (Queue#setHandler -> setWorkerName, bull/lib/worker.js). That command waits behind the
   * connection's BRPOPLPUSH, and closing the queue drops the connection, so it used to reject
   * unhandled and crash the process with "Connection is closed.". It only labels the connection.
   */
  private observeWorkerNaming(queue: Queue): void {
    const internal = queue as unknown as { setWorkerName(): Promise<void> };
    const setWorkerName = internal.setWorkerName.bind(queue);
    internal.setWorkerName = () =>
      setWorkerName().catch((error: unknown) => {
        const context = { err: error, queue: queue.name };
        if (this.closing) this.log.debug(context, 'the worker connection closed before bull had named it');
        else this.log.warn(context, 'naming a worker connection failed');
      });
  }

  private trackActiveJobs(queue: Queue): void {
    const key = (job: { id: unknown }) => `${queue.name}:${String(job.id)}`;
    queue.on('active', (job) => this.activeJobs.add(key(job)));
    queue.on('completed', (job) => this.activeJobs.delete(key(job)));
    queue.on('failed', (job) => this.activeJobs.delete(key(job)));
  }

  private get log(): Pick<Logger, 'warn' | 'debug'> {
    return this.settings.logger ?? STDERR_LOGGER;
  }

  private connection(type: 'client' | 'subscriber' | 'bclient'): Redis {
    // Bull requires these two options on its blocking and subscriber connections.
    const options = { maxRetriesPerRequest: null, enableReadyCheck: false };
    if (type === 'client') return (this.client ??= new Redis(this.settings.redisUrl, options));
    if (type === 'subscriber') return (this.subscriber ??= new Redis(this.settings.redisUrl, options));
    const blocking = new Redis(this.settings.redisUrl, options);
    this.blockingClients.add(blocking);
    return blocking;
  }
}

/** QUIT lets pending replies arrive; a connection that is not up (bull reconnects its blocking one on close) is dropped. */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready') return connection.disconnect();
  await connection.quit();
}

const STDERR_LOGGER: Pick<Logger, 'warn' | 'debug'> = {
  warn: (context: object, message?: string) => process.stderr.write(`queues: ${message} ${String((context as { err?: unknown }).err)}\n`),
  debug: () => undefined,
} as Pick<Logger, 'warn' | 'debug'>;
