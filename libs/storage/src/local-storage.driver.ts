import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { PutOptions, StorageDriver, StoredObjectInfo, StoredObjectStream } from './storage-driver';
import { InvalidStorageKeyError, StorageObjectNotFoundError, StorageUnavailableError } from './storage.errors';

/** Files under STORAGE_LOCAL_ROOT/<key>. Writes go to a temporary name first, so a failed upload leaves nothing. */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Readable, _options: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await mkdir(dirname(target), { recursive: true });
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw invalidKey(error) ?? new StorageUnavailableError('upload', error);
    }
  }

  async open(key: string): Promise<StoredObjectStream> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new StorageObjectNotFoundError(key);
      return { stream: createReadStream(path), contentLength: info.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a segment of the key is a file (`a.png/b.png`), so the object cannot exist.
      if (error instanceof StorageObjectNotFoundError || code === 'ENOENT' || code === 'ENOTDIR') {
        throw new StorageObjectNotFoundError(key);
      }
      throw invalidKey(error) ?? new StorageUnavailableError('read', error);
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await rm(path, { force: true });
    } catch (error) {
      throw invalidKey(error) ?? new StorageUnavailableError('delete', error);
    }
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      const invalid = invalidKey(error);
      if (invalid) throw invalid;
      return false;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a segment of the key is a file (`a.png/b.png`), so the object cannot exist.
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw invalidKey(error) ?? new StorageUnavailableError('lookup', error);
    }
  }

  /** Keys are normalized before they get here; this is the last guard against leaving the root. */
  private pathOf(key: string): string {
    let path: string;
    try {
      path = resolve(join(this.root, key));
    } catch (error) {
      throw invalidKey(error) ?? error;
    }
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError('The key leaves the storage root');
    return path;
  }
}

/**
 * Node refuses a path holding a NUL byte (ERR_INVALID_ARG_VALUE) or one that is not a string
 * (ERR_INVALID_ARG_TYPE). Keys are checked before they get here (`normalizeStorageKey`); should
 * one slip through, it is the key's fault (400), not a failing disk (502).
 */
function invalidKey(error: unknown): InvalidStorageKeyError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ERR_INVALID_ARG_VALUE' && code !== 'ERR_INVALID_ARG_TYPE') return undefined;
  return new InvalidStorageKeyError('The key is not a valid file name');
}
