/**
 * Storage failures, independent of HTTP: libs/http maps `InvalidStorageKeyError` to 400,
 * `StorageObjectNotFoundError` to 404 and `StorageUnavailableError` to 502 STORAGE_ERROR.
 */
export class InvalidStorageKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageObjectNotFoundError';
  }
}

export class StorageUnavailableError extends Error {
  constructor(operation: string, override readonly cause?: unknown) {
    super(`Storage ${operation} failed`);
    this.name = 'StorageUnavailableError';
  }
}
