import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { Storage } from './storage';
import type { StorageDriver } from './storage-driver';
import { StorageUrls, StorageUrlSettings } from './storage-urls';

export interface StorageSettings extends StorageUrlSettings {
  localRoot: string;
  s3: StorageUrlSettings['s3'] & { accessKeyId?: string; secretAccessKey?: string };
  signedUrlExpiresSeconds: number;
}

/** Builds the configured storage (STORAGE_DRIVER). */
export function createStorage(settings: StorageSettings): Storage {
  return new Storage(createDriver(settings), new StorageUrls(settings), settings.signedUrlExpiresSeconds);
}

function createDriver(settings: StorageSettings): StorageDriver {
  if (settings.driver === 's3') return new S3StorageDriver(settings.s3);
  return new LocalStorageDriver(settings.localRoot);
}
