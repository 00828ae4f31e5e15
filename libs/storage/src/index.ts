export { StorageUrls } from './storage-urls';
export type { StorageUrlSettings } from './storage-urls';
