import { DeliverNotificationUseCase, DispatchPendingNotificationsUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * learning-commerce.md, "Events": delivers one outbox event on every channel. A delivery that
 * failed makes the job throw, so bull retries it (default options: 5 attempts, exponential
 * backoff); sent deliveries are never sent again.
 */
export const notificationDeliverProcessor = defineProcessor({
  job: 'notification.deliver',
  concurrency: 5,
  process: (job, container) => container.get(DeliverNotificationUseCase).execute(job.data.eventId),
});

/** Every minute: queues events whose after-commit dispatch did not happen, and resumes stalled ones. */
export const notificationDispatchPendingProcessor = defineProcessor({
  job: 'notification.dispatch_pending',
  repeat: { every: 60_000 },
  process: (_job, container) => container.get(DispatchPendingNotificationsUseCase).execute(),
});
