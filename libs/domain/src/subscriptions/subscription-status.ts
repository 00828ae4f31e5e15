import type { SubscriptionModel, SubscriptionStoredStatus } from '@platform/db';

/**
 * Subscription statuses as clients see them (documented in both OpenAPI documents):
 * - pending_payment: a purchase awaiting its payment (no access, no window yet);
 * - scheduled: an active purchase that starts when the current window of its module ends;
 * - trial / active: inside its window [startDate, endDate): access;
 * - expired: a trial or active subscription whose endDate has passed (computed, never stored);
 * - revoked: ended by an admin (revokedAt), access gone at once;
 * - payment_failed: a purchase whose payment failed.
 */
export const SUBSCRIPTION_STATUSES = ['pending_payment', 'scheduled', 'trial', 'active', 'expired', 'revoked', 'payment_failed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

type Window = Pick<SubscriptionModel, 'status' | 'startsAt' | 'endsAt'>;

/** The status of a stored row at `now`. */
export function effectiveStatus(row: Window, now: Date): SubscriptionStatus {
  const stored: SubscriptionStoredStatus = row.status;
  if ((stored === 'trial' || stored === 'active') && row.endsAt && row.endsAt <= now) return 'expired';
  if (stored === 'active' && row.startsAt && row.startsAt > now) return 'scheduled';
  return stored;
}

/** Whether the row gives access at `now`: a trial or active window containing it (never a stored flag). */
export function isLive(row: Window, now: Date): boolean {
  return (row.status === 'trial' || row.status === 'active') && !!row.startsAt && !!row.endsAt && row.startsAt <= now && now < row.endsAt;
}

/**
 * SQL for the effective status of `s` (a subscriptions row) at the replacement `:now`, and the
 * condition selecting one effective status, for lists and analytics.
 */
export const EFFECTIVE_STATUS_SQL = `CASE
    WHEN s.status IN ('trial', 'active') AND s.ends_at <= :now THEN 'expired'
    WHEN s.status = 'active' AND s.starts_at > :now THEN 'scheduled'
    ELSE s.status END`;

export function effectiveStatusCondition(status: SubscriptionStatus): string {
  switch (status) {
    case 'expired':
      return `(s.status IN ('trial', 'active') AND s.ends_at <= :now)`;
    case 'scheduled':
      return `(s.status = 'active' AND s.starts_at > :now)`;
    case 'trial':
      return `(s.status = 'trial' AND s.ends_at > :now)`;
    case 'active':
      return `(s.status = 'active' AND s.starts_at <= :now AND s.ends_at > :now)`;
    default:
      return `s.status = '${status}'`;
  }
}

/** Live (trial or active, window containing :now) rows of `s`. */
export const LIVE_SQL = `(s.status IN ('trial', 'active') AND s.starts_at <= :now AND s.ends_at > :now)`;
