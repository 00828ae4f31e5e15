import { Service } from 'typedi';
import { normalizeStorageKey, ResolvedUrl, Storage } from '@platform/storage';

/**
 * The URL of a stored key (community-content-uploads.md, "URL semantics"): a signed URL that
 * expires for a private key on a remote store, else a stable URL with expiresAt null. The key is
 * normalized first (`..` removed; `public/` or `uploads/` prefix required, else 400).
 */
@Service()
export class ResolveSignedUrlUseCase {
  constructor(private readonly storage: Storage) {}

  async execute(rawKey: string, expiresInSeconds?: number): Promise<ResolvedUrl> {
    return this.storage.resolveUrl(normalizeStorageKey(rawKey), expiresInSeconds);
  }
}
