import { PublishDueContentItemsUseCase } from '@platform/domain';
import { defineProcessor } from './processor';

/**
 * Every minute: each scheduled newsletter item whose scheduledAt has come becomes published, in
 * one conditional UPDATE (issue 24, scheduling). Safe to run twice, and with two runners at once:
 * each item is published by exactly one run.
 */
export const contentPublishDueProcessor = defineProcessor({
  job: 'content.publish_due',
  repeat: { every: 60_000 },
  process: (_job, container) => container.get(PublishDueContentItemsUseCase).execute(),
});
