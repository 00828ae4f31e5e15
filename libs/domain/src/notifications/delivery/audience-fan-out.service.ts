import { Inject, Service } from 'typedi';
import type { Logger } from '@platform/observability';
import { LOGGER } from '../../shared';
import { DeliveryTally, emptyTally } from './delivery-tally';
import { NotificationDeliveries } from './notification-deliveries.repository';

/** A recipient whose send failed this often (an error that does not go away) is given up. */
export const FAN_OUT_MAX_ATTEMPTS = 5;

/** One page of an audience, and where the next page starts (null: the last page). */
export interface AudiencePage<R> {
  recipients: R[];
  next: string | null;
}

/** What a page answers once the send itself is over (its newsletter item was unpublished): nobody more gets it, for this reason. */
export interface AudienceClosed {
  closed: string;
}

export interface AudienceFanOutRun<R> {
  eventId: string;
  /** What the logs call this send (`broadcast push`, `newsletter email`). */
  label: string;
  pageSize: number;
  /** Reads the page after `after` (null: the first), judged at the instant the caller chose; or tells that the send is over. */
  page(after: string | null, limit: number): Promise<AudiencePage<R> | AudienceClosed>;
  /** Sends one page and adds to the tally; `stop` ends the walk early (the rest stays for a retry). */
  send(recipients: R[], tally: DeliveryTally): Promise<'continue' | 'stop'>;
}

/**
 * One run of a fan-out over a large audience (a channel broadcast, a newsletter send), each
 * recipient having one delivery row (event, channel, user), sent at most once:
 * - first, claims whose lease ran out (their worker died mid-send) are settled as skipped, never
 *   sent again, and failures tried FAN_OUT_MAX_ATTEMPTS times are given up;
 * - then the audience is walked page by page, each page handed to `send` (which claims, sends and
 *   settles); a page that answers the send is over ends it (closeOut);
 * - last, once every page was walked, deliveries not touched by this run (their users left the
 *   audience since an earlier attempt) are skipped rather than sent late.
 * What a page is and how it is sent is the caller's: PushFanOutService, the newsletter email.
 */
@Service()
export class AudienceFanOutService {
  constructor(
    private readonly deliveries: NotificationDeliveries,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run<R>(run: AudienceFanOutRun<R>): Promise<DeliveryTally> {
    const { eventId } = run;
    const tally = emptyTally();
    const runStartedAt = await this.deliveries.databaseNow();
    const abandoned = await this.deliveries.abandonExpired(eventId, 'not sent again: the attempt that claimed it stopped before recording the answer');
    if (abandoned > 0) this.logger.warn({ eventId, abandoned }, `${run.label}: deliveries of a stopped attempt left unsent`);
    tally.skipped += abandoned + (await this.deliveries.giveUpAfter(eventId, FAN_OUT_MAX_ATTEMPTS));

    let after: string | null = null;
    let walkedEveryPage = true;
    do {
      const page = await run.page(after, run.pageSize);
      if ('closed' in page) return this.closeOut(eventId, page.closed, tally);
      if (page.recipients.length > 0 && (await run.send(page.recipients, tally)) === 'stop') {
        walkedEveryPage = false;
        break;
      }
      after = page.next;
    } while (after !== null);

    // Only a complete walk knows who left the audience; a stopped one leaves the rest for its retry.
    if (walkedEveryPage) tally.skipped += await this.deliveries.skipUntouchedSince(eventId, runStartedAt, 'no longer a recipient');
    tally.busy = await this.deliveries.heldElsewhere(eventId);
    return tally;
  }

  /**
   * Ends a send nobody more gets (its newsletter item is no longer published): every delivery
   * still open, failures of this run included, is skipped with `reason`; what was sent stays sent,
   * and a claim another attempt holds keeps the job retrying until it is settled.
   */
  async closeOut(eventId: string, reason: string, tally: DeliveryTally = emptyTally()): Promise<DeliveryTally> {
    tally.skipped += await this.deliveries.skipOpen(eventId, reason);
    tally.failed = 0;
    tally.firstError = undefined;
    tally.busy = await this.deliveries.heldElsewhere(eventId);
    return tally;
  }
}
