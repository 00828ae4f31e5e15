/**
 * Upload types (community-content-uploads.md, "Upload types"): where each kind of file lives,
 * whether it is public, and so which URL it gets.
 */
export const UPLOAD_TYPES = {
  avatar: { prefix: 'public/avatar/', isPublic: true },
  landing: { prefix: 'public/landing/', isPublic: true },
  thumbnail: { prefix: 'public/thumbnail/', isPublic: true },
  trailer: { prefix: 'public/trailer/', isPublic: true },
  image: { prefix: 'uploads/image/', isPublic: false },
  video: { prefix: 'uploads/video/', isPublic: false },
  file: { prefix: 'uploads/file/', isPublic: false },
} as const;

export type UploadType = keyof typeof UPLOAD_TYPES;
export const ALL_UPLOAD_TYPES = Object.keys(UPLOAD_TYPES) as UploadType[];

/** The subset customers may upload (`CustomerUploadType`). */
export const CUSTOMER_UPLOAD_TYPES = ['avatar', 'image', 'file'] as const satisfies readonly UploadType[];
export type CustomerUploadType = (typeof CUSTOMER_UPLOAD_TYPES)[number];

export const DEFAULT_UPLOAD_TYPE: UploadType = 'image';

/** Admin routing: an unknown value falls back to `image`, as the spec says. */
export function uploadTypeOrDefault(value: unknown): UploadType {
  return isUploadType(value) ? value : DEFAULT_UPLOAD_TYPE;
}

/** Own keys only: `'toString' in UPLOAD_TYPES` is true too. */
export const isUploadType = (value: unknown): value is UploadType => typeof value === 'string' && Object.hasOwn(UPLOAD_TYPES, value);

const PUBLIC_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'video/mp4'] as const;
const PRIVATE_ONLY_MIME_TYPES = [
  'video/webm',
  'video/quicktime',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
] as const;

/** MIME allow-list per type: public types take images and MP4; private ones also documents and more video. */
export function allowedMimeTypes(type: UploadType): readonly string[] {
  return UPLOAD_TYPES[type].isPublic ? PUBLIC_MIME_TYPES : [...PUBLIC_MIME_TYPES, ...PRIVATE_ONLY_MIME_TYPES];
}
