import { Service } from 'typedi';
import { CustomerUploadModel } from '@platform/db';
import { isPublicKey, normalizeStorageKey, ResolvedUrl, Storage } from '@platform/storage';
import { DomainError, type CustomerActor } from '../../shared';

/**
 * The mobile signed-url route: a customer may resolve any public key (its URL is public anyway)
 * and the private keys they uploaded. Any other private key behaves as not found, so a leaked
 * lesson-video or book-file key cannot be turned into a fresh download link.
 *
 * `alsoReadable` is a second way in for a private key the customer did not upload, asked with the
 * normalised key (the route passes the channels check: attachments of posts they may read now).
 * It is a parameter, not an import, because channels already imports uploads
 * (StoredKeyReferencesService) and the context graph must stay acyclic (tools/lint/context-graph.ts).
 */
@Service()
export class ResolveCustomerUrlUseCase {
  constructor(private readonly storage: Storage) {}

  async execute(
    customer: CustomerActor,
    rawKey: string,
    expiresInSeconds?: number,
    alsoReadable?: (key: string) => Promise<boolean>,
  ): Promise<ResolvedUrl> {
    const key = normalizeStorageKey(rawKey);
    if (!isPublicKey(key)) {
      const owned = await CustomerUploadModel.findOne({ where: { storageKey: key, userId: customer.id }, attributes: ['storageKey'] });
      if (!owned && !(await alsoReadable?.(key))) throw new DomainError('NOT_FOUND', 'Upload not found');
    }
    return this.storage.resolveUrl(key, expiresInSeconds);
  }
}
