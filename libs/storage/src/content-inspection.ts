import { fileTypeFromFile } from 'file-type';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';

/**
 * Checks an uploaded file before it is stored: the declared MIME type must be allowed, the file
 * name's extension must belong to that type, and the bytes must really be of that type
 * (magic numbers), so a renamed executable is refused.
 */
export interface InspectUploadInput {
  /** Path of the uploaded file on local disk (multer's temporary file). */
  path: string;
  declaredMimeType: string;
  originalName: string;
  allowedMimeTypes: readonly string[];
}

export interface InspectedUpload {
  /** The MIME type to store the object with. */
  mimeType: string;
  /** Lower-case extension without the dot, used for the generated key (`jpeg` becomes `jpg`, `m4v` `mp4`). */
  extension: string;
}

export class DisallowedFileTypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DisallowedFileTypeError';
  }
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS = 'application/vnd.ms-excel';
const CSV = 'text/csv';

/** Per declared type: the extensions its files carry, and what file-type may detect in its bytes. */
const KNOWN_TYPES: Record<string, { extensions: readonly string[]; detectedAs: readonly string[] }> = {
  'image/jpeg': { extensions: ['jpg', 'jpeg'], detectedAs: ['image/jpeg'] },
  // An animated PNG is still a PNG.
  'image/png': { extensions: ['png'], detectedAs: ['image/png', 'image/apng'] },
  'image/gif': { extensions: ['gif'], detectedAs: ['image/gif'] },
  'image/webp': { extensions: ['webp'], detectedAs: ['image/webp'] },
  'image/avif': { extensions: ['avif'], detectedAs: ['image/avif'] },
  // Apple's M4V brand is an MP4; a QuickTime (`qt  ` brand, or `moov` first) is not.
  'video/mp4': { extensions: ['mp4', 'm4v'], detectedAs: ['video/mp4', 'video/x-m4v'] },
  'video/webm': { extensions: ['webm'], detectedAs: ['video/webm'] },
  // Some cameras write .mov files with an MP4 brand; players treat both alike.
  'video/quicktime': { extensions: ['mov'], detectedAs: ['video/quicktime', 'video/mp4'] },
  'application/pdf': { extensions: ['pdf'], detectedAs: ['application/pdf'] },
  [XLSX]: { extensions: ['xlsx'], detectedAs: [XLSX] },
  // Legacy .xls is an OLE compound file; file-type reports only the container.
  [XLS]: { extensions: ['xls'], detectedAs: ['application/x-cfb'] },
  // Text has no signature: see looksLikeText.
  [CSV]: { extensions: ['csv'], detectedAs: [] },
};

/** One extension per type in generated keys, so a key's extension always gives its content type. */
const CANONICAL_EXTENSIONS: Record<string, string> = { jpeg: 'jpg', m4v: 'mp4' };

const TEXT_SNIFF_BYTES = 8 * 1024;

export async function inspectUpload(input: InspectUploadInput): Promise<InspectedUpload> {
  const declared = input.declaredMimeType.split(';')[0].trim().toLowerCase();
  if (!input.allowedMimeTypes.includes(declared)) {
    throw new DisallowedFileTypeError(`File type ${declared || '(none)'} is not allowed for this upload`);
  }
  const extension = extname(input.originalName).slice(1).toLowerCase();
  const mimeType = storedMimeType(declared, extension);
  const known = KNOWN_TYPES[mimeType];
  if (!known || !known.extensions.includes(extension)) {
    throw new DisallowedFileTypeError(`File extension ${extension ? `.${extension}` : '(none)'} does not match file type ${declared}`);
  }

  const head = await readHead(input.path);
  if (head.length === 0) throw new DisallowedFileTypeError('The file is empty');
  // A file too malformed to parse is not what it claims to be.
  const detected = await fileTypeFromFile(input.path).catch(() => ({ mime: 'application/octet-stream' }));
  const matches = mimeType === CSV ? detected === undefined && looksLikeText(head) : !!detected && known.detectedAs.includes(detected.mime);
  if (!matches) throw new DisallowedFileTypeError(`The file's content is not of type ${declared}`);
  return { mimeType, extension: CANONICAL_EXTENSIONS[extension] ?? extension };
}

/**
 * Browsers on Windows with Excel installed declare .csv files as application/vnd.ms-excel (the
 * registry's type for .csv); such a file is inspected and stored as the CSV it is.
 */
function storedMimeType(declared: string, extension: string): string {
  return declared === XLS && extension === 'csv' ? CSV : declared;
}

/** A NUL byte never appears in UTF-8 or ASCII text, and almost always in binary files. */
function looksLikeText(head: Buffer): boolean {
  return !head.includes(0);
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, TEXT_SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
