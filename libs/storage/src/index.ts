export { StorageUrls } from './storage-urls';
export type { StorageUrlSettings } from './storage-urls';
export { Storage } from './storage';
export type { ResolvedUrl } from './storage';
export { createStorage } from './create-storage';
export type { StorageSettings } from './create-storage';
export type { StorageDriver, PutOptions, StoredObjectInfo, StoredObjectStream } from './storage-driver';
export { LocalStorageDriver } from './local-storage.driver';
export { S3StorageDriver } from './s3-storage.driver';
export type { S3DriverSettings } from './s3-storage.driver';
export { normalizeStorageKey, isPublicKey } from './storage-keys';
export { InvalidStorageKeyError, StorageObjectNotFoundError, StorageUnavailableError } from './storage.errors';
export {
  UPLOAD_TYPES,
  ALL_UPLOAD_TYPES,
  CUSTOMER_UPLOAD_TYPES,
  DEFAULT_UPLOAD_TYPE,
  uploadTypeOrDefault,
  isUploadType,
  allowedMimeTypes,
} from './upload-types';
export type { UploadType, CustomerUploadType } from './upload-types';
export { inspectUpload, DisallowedFileTypeError } from './content-inspection';
export { contentTypeForKey, FALLBACK_CONTENT_TYPE } from './content-types';
export type { InspectUploadInput, InspectedUpload } from './content-inspection';
