import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType: string;
  /** Known length in bytes, when the caller has it (lets drivers skip buffering). */
  contentLength?: number;
}

/** What the store says of an object without reading it. */
export interface StoredObjectInfo {
  /** Bytes stored. */
  size: number;
}

export interface StoredObjectStream {
  stream: Readable;
  contentLength?: number;
  contentType?: string;
}

/**
 * Where bytes live. Every method takes a normalized key (see `normalizeStorageKey`) and fails
 * with StorageUnavailableError, or StorageObjectNotFoundError for `open` of a missing key.
 * Bodies are streams: no driver holds a whole file in memory.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable, options: PutOptions): Promise<void>;
  open(key: string): Promise<StoredObjectStream>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size, or null when nothing is stored at the key (a directory is not an object). */
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** A time-limited GET URL for a private key (S3); the local driver has none. */
  signedUrl?(key: string, expiresInSeconds: number): Promise<string>;
  /** Releases connections (S3 client sockets) at shutdown. */
  close?(): void;
}
