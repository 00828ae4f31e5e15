import type { Readable } from 'node:stream';
import type { PutOptions, StorageDriver, StoredObjectInfo, StoredObjectStream } from './storage-driver';
import { isPublicKey } from './storage-keys';
import { StorageUnavailableError } from './storage.errors';
import { StorageUrls } from './storage-urls';

export interface ResolvedUrl {
  url: string;
  /** Unix milliseconds when a signed URL stops working; null for a stable URL. */
  expiresAt: number | null;
}

/**
 * The storage the apps use: a driver for the bytes and URL resolution by the spec's rules
 * (community-content-uploads.md, "URL semantics"): local driver `/<key>` with no expiry; remote
 * public key a direct URL with no expiry; remote private key a signed URL that expires.
 */
export class Storage {
  constructor(
    readonly driver: StorageDriver,
    readonly urls: StorageUrls,
    private readonly defaultSignedUrlSeconds: number,
  ) {}

  put(key: string, body: Readable, options: PutOptions): Promise<void> {
    return this.driver.put(key, body, options);
  }

  open(key: string): Promise<StoredObjectStream> {
    return this.driver.open(key);
  }

  delete(key: string): Promise<void> {
    return this.driver.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.driver.exists(key);
  }

  /** The size of the object at `key`, or null when nothing is stored there; no bytes are read. */
  stat(key: string): Promise<StoredObjectInfo | null> {
    return this.driver.stat(key);
  }

  close(): void {
    this.driver.close?.();
  }

  /** `key` must be normalized. `expiresInSeconds` overrides the lifetime of a signed URL. */
  async resolveUrl(key: string, expiresInSeconds?: number): Promise<ResolvedUrl> {
    if (this.driver.kind === 'local' || isPublicKey(key)) {
      return { url: this.urls.publicUrl(key) as string, expiresAt: null };
    }
    if (!this.driver.signedUrl) throw new StorageUnavailableError('signing');
    const seconds = expiresInSeconds ?? this.defaultSignedUrlSeconds;
    // A V4 signature's clock has whole seconds and is read after this one, so counting from the
    // start of the current second never promises more time than the URL has.
    const expiresAt = Math.floor(Date.now() / 1000) * 1000 + seconds * 1000;
    return { url: await this.driver.signedUrl(key, seconds), expiresAt };
  }
}
