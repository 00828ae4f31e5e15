import { fileTypeFromFile } from 'file-type';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { compoundFileRootStreams } from './compound-file';
import { contentTypeForKey } from './content-types';

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

/**
 * Per declared type, what file-type may detect in its bytes. Which extensions belong to a type is
 * `contentTypeForKey`'s table, the same one the file route serves stored keys with.
 */
const DETECTED_AS: Record<string, readonly string[]> = {
  'image/jpeg': ['image/jpeg'],
  // An animated PNG is still a PNG.
  'image/png': ['image/png', 'image/apng'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'image/avif': ['image/avif'],
  // Apple's M4V brand is an MP4; a QuickTime (`qt  ` brand, or `moov` first) is not.
  'video/mp4': ['video/mp4', 'video/x-m4v'],
  'video/webm': ['video/webm'],
  // Some cameras write .mov files with an MP4 brand; players treat both alike.
  'video/quicktime': ['video/quicktime', 'video/mp4'],
  'application/pdf': ['application/pdf'],
  [XLSX]: [XLSX],
  // Legacy .xls is an OLE compound file; file-type reports only the container (see isWorkbook).
  [XLS]: ['application/x-cfb'],
  // Text has no signature: see hasNulByte.
  [CSV]: [],
};

/** One extension per type in generated keys, so a key's extension always gives its content type. */
const CANONICAL_EXTENSIONS: Record<string, string> = { jpeg: 'jpg', m4v: 'mp4' };

/** The root stream holding an Excel workbook: `Workbook` from Excel 97 on (BIFF8), `Book` before (BIFF5). */
const WORKBOOK_STREAMS = ['WORKBOOK', 'BOOK'];

export async function inspectUpload(input: InspectUploadInput): Promise<InspectedUpload> {
  const declared = input.declaredMimeType.split(';')[0].trim().toLowerCase();
  if (!input.allowedMimeTypes.includes(declared)) {
    throw new DisallowedFileTypeError(`File type ${declared || '(none)'} is not allowed for this upload`);
  }
  const extension = extname(input.originalName).slice(1).toLowerCase();
  const mimeType = storedMimeType(declared, extension);
  const detectable = DETECTED_AS[mimeType];
  if (!detectable || !extension || contentTypeForKey(input.originalName) !== mimeType) {
    throw new DisallowedFileTypeError(`File extension ${extension ? `.${extension}` : '(none)'} does not match file type ${declared}`);
  }

  if ((await stat(input.path)).size === 0) throw new DisallowedFileTypeError('The file is empty');
  if (!(await contentMatches(input.path, mimeType, detectable))) {
    throw new DisallowedFileTypeError(`The file's content is not of type ${declared}`);
  }
  return { mimeType, extension: CANONICAL_EXTENSIONS[extension] ?? extension };
}

async function contentMatches(path: string, mimeType: string, detectable: readonly string[]): Promise<boolean> {
  // A file too malformed to parse is not what it claims to be.
  const detected = await fileTypeFromFile(path).catch(() => ({ mime: 'application/octet-stream' }));
  if (mimeType === CSV) return detected === undefined && !(await hasNulByte(path));
  if (!detected || !detectable.includes(detected.mime)) return false;
  return mimeType === XLS ? isWorkbook(path) : true;
}

/**
 * Browsers on Windows with Excel installed declare .csv files as application/vnd.ms-excel (the
 * registry's type for .csv); such a file is inspected and stored as the CSV it is.
 */
function storedMimeType(declared: string, extension: string): string {
  return declared === XLS && extension === 'csv' ? CSV : declared;
}

/**
 * A NUL byte never appears in UTF-8 or ASCII text, and almost always in binary files. The whole
 * file is read, in chunks, stopping at the first NUL: a text head followed by a binary body is
 * not a CSV.
 */
async function hasNulByte(path: string): Promise<boolean> {
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    if ((chunk as Buffer).includes(0)) return true; // leaving the loop closes the stream
  }
  return false;
}

/** A compound file is a workbook when its root holds a workbook stream (an MSI or a Word document does not). */
async function isWorkbook(path: string): Promise<boolean> {
  const streams = await compoundFileRootStreams(path);
  return WORKBOOK_STREAMS.some((name) => streams.has(name));
}
