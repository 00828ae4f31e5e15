import { Service } from 'typedi';
import { ResolvedUrl } from '@platform/storage';
import { ResolveSignedUrlUseCase } from './resolve-signed-url.use-case';

/**
 * Resolves up to 100 keys at once: a map from each requested key, as sent, to `{ url, expiresAt }`,
 * or to null when that key cannot be resolved (a bad prefix, a signing failure); the other keys
 * still resolve (community-content-uploads.md, "Uploads, admin").
 */
@Service()
export class ResolveSignedUrlsUseCase {
  constructor(private readonly resolve: ResolveSignedUrlUseCase) {}

  async execute(keys: string[], expiresInSeconds?: number): Promise<Record<string, ResolvedUrl | null>> {
    const unique = [...new Set(keys)];
    const resolved = await Promise.all(unique.map((key) => this.resolve.execute(key, expiresInSeconds).catch(() => null)));
    // fromEntries defines own properties, so a key such as "__proto__" stays an ordinary entry.
    return Object.fromEntries(unique.map((key, index) => [key, resolved[index]]));
  }
}
