import type { ContentItemStatus } from '@platform/db';

/**
 * The status a draft or scheduled item takes from its scheduledAt (issue 24, CONTRACT section 10):
 * `scheduled` while scheduledAt lies in the future by the app Clock, else `draft` (a past or no
 * scheduledAt never publishes by itself; POST .../publish does).
 */
export function statusBySchedule(scheduledAt: Date | null, now: Date): Extract<ContentItemStatus, 'draft' | 'scheduled'> {
  return scheduledAt !== null && scheduledAt.getTime() > now.getTime() ? 'scheduled' : 'draft';
}
