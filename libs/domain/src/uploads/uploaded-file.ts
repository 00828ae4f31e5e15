/**
 * A file the transport has already written to local disk (multipart parsing streams each part to
 * a temporary file). Domain code reads it from `path`; the transport removes it afterwards.
 */
export interface UploadedFileInput {
  path: string;
  /** The client's file name, untrusted: only its extension is looked at, and only to check it. */
  originalName: string;
  /** The MIME type the client declared for the part, untrusted until inspected. */
  mimeType: string;
  size: number;
}

/** UploadResultDto (community-content-uploads.md, "Upload result"). */
export interface UploadResultView {
  /** The stored object's own name: `<uuidv7>.<ext>`. */
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** The canonical storage key; clients store this. */
  relativePath: string;
  url: string;
  /** Unix milliseconds when a signed URL stops working; null for a stable URL. */
  expiresAt: number | null;
}
