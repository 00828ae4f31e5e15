import { basename } from 'node:path';
import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { contentTypeForKey, Storage } from '@platform/storage';
import { StoredKeyReferencesService } from '../../../uploads';
import { ChannelAttachmentCustomerUpload, ChannelAttachmentNotFound, ChannelAttachmentSizeMismatch } from '../../channels.errors';
import type { ChannelPostAttachmentDto } from './dto/channel-post.dto';

/** An attachment ready to store: every column filled. */
export interface ResolvedAttachment {
  storageKey: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Checks a post's attachments (keys already under uploads/image/ or uploads/file/, the DTO's rule)
 * inside the write's transaction, after the channel lock:
 * 1. the keys are locked (StoredKeyReferencesService.lock), so a purge deleting one of these
 *    objects either commits first, and the stat below finds nothing, or waits for this commit and
 *    sees the new attachment; the stat is taken under the lock for that reason, at the cost of a
 *    store round-trip while the channel row is locked (post writes of one channel queue anyway);
 * 2. a key a customer uploaded is 422 naming `attachments.N.storage_key`;
 * 3. each key must name a stored object (else 422 CHANNEL_ATTACHMENT_NOT_FOUND), and a given
 *    `size_bytes` must be its stored size (else 422 naming `attachments.N.size_bytes`).
 * What the client left out is filled in: `file_name` the key's last segment, `mime_type` the type
 * its extension names (the file route's inference; application/octet-stream when unknown),
 * `size_bytes` the stored size. A store failure is 502 STORAGE_ERROR.
 */
@Service()
export class ChannelPostAttachmentFilesService {
  constructor(
    private readonly storage: Storage,
    private readonly references: StoredKeyReferencesService,
  ) {}

  async resolve(attachments: ChannelPostAttachmentDto[], tx: Transaction): Promise<ResolvedAttachment[]> {
    const keys = [...new Set(attachments.map((attachment) => attachment.storage_key))];
    await this.references.lock(keys, tx);
    const customers = await this.references.customerUploaded(keys, tx);
    const customerIndexes = indexesWhere(attachments, (attachment) => customers.has(attachment.storage_key));
    if (customerIndexes.length) throw ChannelAttachmentCustomerUpload(customerIndexes);

    const stats = new Map(await Promise.all(keys.map(async (key) => [key, await this.storage.stat(key)] as const)));
    const sizes = attachments.map((attachment) => stats.get(attachment.storage_key)?.size ?? null);
    const missing = sizes.indexOf(null);
    if (missing >= 0) throw ChannelAttachmentNotFound(missing, attachments[missing].storage_key);
    const mismatches = indexesWhere(attachments, (attachment, index) => attachment.size_bytes !== undefined && attachment.size_bytes !== sizes[index]);
    if (mismatches.length) {
      throw ChannelAttachmentSizeMismatch(mismatches.map((index) => ({ index, given: attachments[index].size_bytes as number, stored: sizes[index] as number })));
    }
    return attachments.map((attachment, index) => ({
      storageKey: attachment.storage_key,
      fileName: attachment.file_name ?? basename(attachment.storage_key),
      mimeType: attachment.mime_type ?? contentTypeForKey(attachment.storage_key),
      sizeBytes: sizes[index] as number,
    }));
  }
}

function indexesWhere<T>(items: T[], test: (item: T, index: number) => boolean): number[] {
  return items.flatMap((item, index) => (test(item, index) ? [index] : []));
}
