import { Service } from 'typedi';
import { Database } from '@platform/db';
import type { ChannelModel, ChannelStatus } from '@platform/db';
import { AdminActor, BodyUnprocessable, Clock, readStrictBody, RealtimeAccessRecheck } from '../../../../shared';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelStatusTransitionNotAllowed } from '../../../channels.errors';
import { ChannelDetailView, toChannelDetail } from '../channel.views';
import { ChangeChannelStatusDto } from '../dto/change-channel-status.dto';

/**
 * PATCH /api/admin/channels/:id/status, exactly the spec's table (community-content-uploads.md
 * "Channel status"):
 *
 * | from                 | to           | also                                                                   |
 * |----------------------|--------------|------------------------------------------------------------------------|
 * | active, archived     | archived     | archive metadata set (kept when already archived), delete metadata cleared |
 * | active, archived     | active       | archive and delete metadata and purgeAfter cleared                     |
 * | any                  | soft_deleted | delete metadata set (kept when already deleted), purgeAfter as below, archive metadata cleared |
 *
 * purgeAfter on soft_deleted: `purge_after` given sets it (a planned cleanup time: it must lie in
 * the future, else 422), `null` clears it, absent keeps the channel's (null when it was not
 * soft-deleted). A soft-deleted channel takes no status but soft_deleted (422
 * CHANNEL_STATUS_TRANSITION_NOT_ALLOWED: restore it first); `purge_after`, even null, comes only
 * with soft_deleted (else 422). The channel row is locked, so two moves of one channel apply one
 * after the other.
 */
@Service()
export class ChangeChannelStatusUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
    private readonly clock: Clock,
    private readonly realtimeRecheck: RealtimeAccessRecheck,
  ) {}

  async execute(admin: AdminActor, id: number, body: unknown): Promise<ChannelDetailView> {
    const dto = readStrictBody(ChangeChannelStatusDto, body);
    const purgeAfter = this.purgeAfter(dto);
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(id, tx, true);
      if (channel.status === 'soft_deleted' && dto.status !== 'soft_deleted') {
        throw ChannelStatusTransitionNotAllowed(
          `This channel is soft_deleted: it cannot be moved to ${dto.status}; restore it first (POST /api/admin/channels/${id}/restore)`,
        );
      }
      this.apply(channel, dto.status, admin.id, purgeAfter);
      channel.changed('updatedAt', true);
      await channel.save({ transaction: tx });
      // A soft-deleted channel exists for no customer: its rooms empty after commit.
      if (dto.status === 'soft_deleted') this.realtimeRecheck.channel(id, tx);
      return toChannelDetail(channel);
    });
  }

  /** The purgeAfter asked for: a future instant, null (clear), or undefined (keep). JSON cannot carry undefined, so undefined is absent. */
  private purgeAfter(dto: ChangeChannelStatusDto): Date | null | undefined {
    if (dto.purge_after === undefined) return undefined;
    if (dto.status !== 'soft_deleted') {
      throw BodyUnprocessable([
        { field: 'purge_after', code: 'onlyWithSoftDeleted', message: 'purge_after is allowed only with status soft_deleted' },
      ]);
    }
    if (dto.purge_after === null) return null;
    const at = new Date(dto.purge_after);
    if (at.getTime() <= this.clock.now().getTime()) {
      throw BodyUnprocessable([{ field: 'purge_after', code: 'isFuture', message: 'purge_after must be in the future (a planned cleanup time)' }]);
    }
    return at;
  }

  /** Sets the status and exactly the metadata it carries (migration 0016's channels_status_metadata CHECK). */
  private apply(channel: ChannelModel, to: ChannelStatus, adminId: string, purgeAfter: Date | null | undefined): void {
    const now = this.clock.now();
    if (to === 'archived') {
      if (channel.status !== 'archived') Object.assign(channel, { archivedAt: now, archivedByAdminId: adminId });
    } else {
      Object.assign(channel, { archivedAt: null, archivedByAdminId: null });
    }
    if (to === 'soft_deleted') {
      if (channel.status !== 'soft_deleted') Object.assign(channel, { deletedAt: now, deletedByAdminId: adminId, purgeAfter: null });
      if (purgeAfter !== undefined) channel.purgeAfter = purgeAfter;
    } else {
      Object.assign(channel, { deletedAt: null, deletedByAdminId: null, purgeAfter: null });
    }
    channel.status = to;
  }
}
