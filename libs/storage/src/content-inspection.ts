/**
 * Checks an uploaded file before it is stored: the declared MIME type must be allowed, the file
 * name's extension must belong to that type, and the bytes must really be of that type
 * (magic numbers), so a renamed executable is refused.
 * CONTRACT FOR IMPLEMENTATION (issue 4): throws DisallowedFileTypeError naming the type.
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
  /** Lower-case extension without the dot, used for the generated key. */
  extension: string;
}

export class DisallowedFileTypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DisallowedFileTypeError';
  }
}

export async function inspectUpload(_input: InspectUploadInput): Promise<InspectedUpload> {
  throw new Error('inspectUpload is not implemented yet');
}
