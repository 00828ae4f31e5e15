import { Service } from 'typedi';
import { Database, Op, SubscriptionModel, Transaction } from '@platform/db';
import { AdminActor, Clock } from '../../../shared';
import { SubscriptionDetailView, SubscriptionReader } from '../../views';
import { RevokeSubscriptionDto } from '../dto/subscription-lifecycle.dto';
import { SubscriptionJournal } from '../subscription-journal';
import { SubscriptionTransitionNotAllowed, SubscriptionWindows } from '../subscription-windows';

/**
 * PATCH /api/admin/subscriptions/:id/revoke (learning-commerce.md, "Subscriptions (admin)"):
 * a trial or active subscription (expired or scheduled ones included) becomes revoked at once.
 * The journal invalidates the user's entitlements on commit, so the next check already says no.
 * Paid windows of the module queued behind it (scheduled purchases) move up to start now, keeping
 * their length: a customer who paid is never left waiting behind a window that no longer exists.
 * Takes the (user, module) lock first, as every command that moves windows does.
 */
@Service()
export class RevokeSubscriptionUseCase {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(admin: AdminActor, id: string, dto: RevokeSubscriptionDto): Promise<SubscriptionDetailView> {
    await this.db.transaction(async (tx) => {
      const row = await this.windows.lockForChange(id, tx);
      if (row.status !== 'trial' && row.status !== 'active') throw SubscriptionTransitionNotAllowed(row.status, 'revoked');
      const now = this.clock.now();
      const before = { status: row.status, endsAt: row.endsAt };
      row.status = 'revoked';
      row.revokedAt = now;
      row.revokedByAdminId = admin.id;
      await row.save({ transaction: tx });
      await this.journal.record({ subscription: row, action: 'revoked', actor: { type: 'admin', id: admin.id }, before, note: dto.adminNote }, tx);
      await this.moveUpScheduled(row, now, tx);
    });
    return this.reader.detail(id);
  }

  /** Scheduled windows of the module, earliest first, each moved to start where the previous one now ends. */
  private async moveUpScheduled(revoked: SubscriptionModel, now: Date, tx: Transaction): Promise<void> {
    const scheduled = await SubscriptionModel.findAll({
      where: { userId: revoked.userId, moduleId: revoked.moduleId, status: 'active', startsAt: { [Op.gt]: now } },
      order: [['startsAt', 'ASC']],
      lock: tx.LOCK.UPDATE,
      transaction: tx,
    });
    // A window still live (when a scheduled one was revoked) keeps its place: the queue starts behind it.
    const live = await SubscriptionModel.findOne({
      where: { userId: revoked.userId, moduleId: revoked.moduleId, status: { [Op.in]: ['trial', 'active'] }, startsAt: { [Op.lte]: now }, endsAt: { [Op.gt]: now } },
      transaction: tx,
    });
    let cursor = live?.endsAt ?? now;
    for (const window of scheduled) {
      if (window.startsAt!.getTime() <= cursor.getTime()) {
        cursor = window.endsAt! > cursor ? window.endsAt! : cursor;
        continue;
      }
      // Moving earlier in start order never overlaps the next window, which has not moved yet.
      const length = window.endsAt!.getTime() - window.startsAt!.getTime();
      const before = { status: window.status, endsAt: window.endsAt };
      window.startsAt = cursor;
      window.endsAt = new Date(cursor.getTime() + length);
      await window.save({ transaction: tx });
      await this.journal.record({ subscription: window, action: 'rescheduled', actor: { type: 'system' }, before, note: `moved up: subscription ${revoked.id} was revoked` }, tx);
      cursor = window.endsAt;
    }
  }
}
