import { Service } from 'typedi';
import { Database } from '@platform/db';
import { AdminActor, Clock, ValidationFailed } from '../../../shared';
import { SubscriptionAlreadyActive, SubscriptionExtendInvalid } from '../../subscriptions.errors';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { ExtendSubscriptionDto } from '../dto/subscription-lifecycle.dto';
import { SubscriptionJournal } from '../subscription-journal';
import { addDays, guardWindows, SubscriptionTransitionNotAllowed, SubscriptionWindows } from '../subscription-windows';

/**
 * PATCH /api/admin/subscriptions/:id/extend (learning-commerce.md, "Subscriptions (admin)"): moves
 * the end of a trial or active subscription, an expired one included (extending revives it).
 * durationDays counts from max(current end, now); newEndDate must be after the current end and in
 * the future. A window that would then meet another trial or active window of the module is
 * refused (409 SUBSCRIPTION_ALREADY_ACTIVE), as the no-overlap constraint would.
 */
@Service()
export class ExtendSubscriptionUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(admin: AdminActor, id: string, dto: ExtendSubscriptionDto): Promise<SubscriptionDetailView> {
    if ((dto.durationDays === undefined) === (dto.newEndDate === undefined)) {
      throw SubscriptionExtendInvalid('Give exactly one of durationDays or newEndDate');
    }
    await guardWindows(() =>
      this.db.transaction(async (tx) => {
        const row = await this.windows.lockForChange(id, tx);
        if (row.status !== 'trial' && row.status !== 'active') throw SubscriptionTransitionNotAllowed(row.status, 'extended');
        const now = this.clock.now();
        const oldEnd = row.endsAt!;
        // Moving the end of a window that already closed would also cover the days it was closed
        // (the entitlement history would say the user held the plan then): grant a new one instead.
        if (oldEnd <= now) throw SubscriptionTransitionNotAllowed('expired', 'extended; grant a new subscription instead');
        let newEnd: Date;
        if (dto.durationDays !== undefined) {
          newEnd = addDays(oldEnd, dto.durationDays);
        } else {
          newEnd = new Date(dto.newEndDate!);
          if (newEnd <= oldEnd) throw ValidationFailed('newEndDate must be after the current end date');
          if (newEnd <= now) throw ValidationFailed('newEndDate must be in the future');
        }
        if ((await this.windows.overlapping(row, row.startsAt!, newEnd, tx)).length > 0) {
          throw SubscriptionAlreadyActive('The extended window would overlap another subscription of this module');
        }
        const before = { status: row.status, endsAt: oldEnd };
        row.endsAt = newEnd;
        await row.save({ transaction: tx });
        await this.journal.record({ subscription: row, action: 'extended', actor: { type: 'admin', id: admin.id }, before, note: dto.adminNote }, tx);
      }),
    );
    return this.reader.detail(id);
  }
}
