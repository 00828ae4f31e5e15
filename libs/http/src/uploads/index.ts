export { FileUpload, UploadedTempFile, UploadedTempFiles, MB } from './file-upload';
export type { FileUploadOptions } from './file-upload';
export { uploadTempRoot, pruneStaleUploadTempDirs, pruneStaleUploadTempDirsOnce } from './upload-temp-dir';
export { sendStoredObject } from './stored-object-response';
export type { StoredObjectBody } from './stored-object-response';
export { serveLocalUploads } from './static-uploads';
export { KeyPathParam, KEY_PATH } from './key-path-param';
