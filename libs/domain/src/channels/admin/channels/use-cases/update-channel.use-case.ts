import { Service } from 'typedi';
import { Database } from '@platform/db';
import { readStrictBody } from '../../../../shared';
import { ChannelRepository } from '../../../channel.repository';
import { ChannelSoftDeleted } from '../../../channels.errors';
import { ChannelDetailView, toChannelDetail } from '../channel.views';
import { UpdateChannelDto } from '../dto/update-channel.dto';

/**
 * PATCH /api/admin/channels/:id (community-content-uploads.md: "PATCH channel metadata"): kind,
 * visibility, title, description (null clears), at least one; a soft-deleted channel cannot be
 * metadata-updated until restored (422 CHANNEL_SOFT_DELETED). Under the channel's row lock.
 */
@Service()
export class UpdateChannelUseCase {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelRepository,
  ) {}

  async execute(id: number, body: unknown): Promise<ChannelDetailView> {
    const dto = readStrictBody(UpdateChannelDto, body, { atLeastOne: true });
    return this.db.transaction(async (tx) => {
      const channel = await this.channels.requireChannel(id, tx, true);
      if (channel.status === 'soft_deleted') throw ChannelSoftDeleted();
      if (dto.kind !== undefined) channel.kind = dto.kind;
      if (dto.visibility !== undefined) channel.visibility = dto.visibility;
      if (dto.title !== undefined) channel.title = dto.title;
      if (dto.description !== undefined) channel.description = dto.description;
      // A PATCH that repeats the stored values is still an edit: updatedAt moves (the list sorts on it).
      channel.changed('updatedAt', true);
      await channel.save({ transaction: tx });
      return toChannelDetail(channel);
    });
  }
}
