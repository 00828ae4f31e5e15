import { DomainError, ValidationFailed } from '../shared';

export const NoFileUploaded = (field = 'file') => ValidationFailed(`No file uploaded: send it in the multipart field "${field}"`);

/** learning-commerce.md, "Course trailers" rule 1 and the trailer errors table: 415. */
export const TrailerNotMp4 = (detail: string) =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', `A trailer must be an MP4 video (video/mp4, .mp4): ${detail}`);
