import { Service } from 'typedi';
import { CustomerUploadModel } from '@platform/db';
import { isPublicKey, normalizeStorageKey, ResolvedUrl, Storage } from '@platform/storage';
import { DomainError, type CustomerActor } from '../../shared';

/**
 * The mobile signed-url route: a customer may resolve any public key (its URL is public anyway)
 * and the private keys they uploaded. Any other private key behaves as not found, so a leaked
 * lesson-video or book-file key cannot be turned into a fresh download link.
 */
@Service()
export class ResolveCustomerUrlUseCase {
  constructor(private readonly storage: Storage) {}

  async execute(customer: CustomerActor, rawKey: string, expiresInSeconds?: number): Promise<ResolvedUrl> {
    const key = normalizeStorageKey(rawKey);
    if (!isPublicKey(key)) {
      const owned = await CustomerUploadModel.findOne({ where: { storageKey: key, userId: customer.id }, attributes: ['storageKey'] });
      if (!owned) throw new DomainError('NOT_FOUND', 'Upload not found');
    }
    return this.storage.resolveUrl(key, expiresInSeconds);
  }
}
