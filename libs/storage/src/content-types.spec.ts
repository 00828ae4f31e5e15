import { expect } from 'chai';
import { contentTypeForKey, FALLBACK_CONTENT_TYPE } from './content-types';
import { ALL_UPLOAD_TYPES, allowedMimeTypes } from './upload-types';

describe(contentTypeForKey.name, () => {
  const table: Array<[string, string]> = [
    ['uploads/image/2025/01/a.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['public/avatar/a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
    ['public/trailer/t.mp4', 'video/mp4'],
    ['clip.m4v', 'video/mp4'],
    ['a.webm', 'video/webm'],
    ['a.mov', 'video/quicktime'],
    ['uploads/file/book.PDF', 'application/pdf'],
    ['a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a.xls', 'application/vnd.ms-excel'],
    ['uploads/file/prices.csv', 'text/csv'],
    ['uploads/video/hls/index.m3u8', 'application/vnd.apple.mpegurl'],
    ['uploads/video/hls/segment-001.ts', 'video/mp2t'],
  ];
  for (const [key, contentType] of table) {
    it(`gives ${contentType} for ${key}`, () => {
      expect(contentTypeForKey(key)).to.equal(contentType);
    });
  }

  it(`falls back to ${FALLBACK_CONTENT_TYPE} for an unknown, missing or inherited-name extension`, () => {
    for (const key of ['uploads/file/blob.bin', 'uploads/file/no-extension', 'uploads/file/.csv', 'a.constructor', 'a.__proto__', 'a.exe']) {
      expect(contentTypeForKey(key), key).to.equal(FALLBACK_CONTENT_TYPE);
    }
  });

  it('knows an extension for every MIME type an upload may have', () => {
    const extensions = ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'webm', 'mov', 'pdf', 'xlsx', 'xls', 'csv'];
    const covered = new Set(extensions.map((extension) => contentTypeForKey(`a.${extension}`)));
    for (const type of ALL_UPLOAD_TYPES) {
      for (const mimeType of allowedMimeTypes(type)) expect(covered.has(mimeType), `${type}: ${mimeType}`).to.equal(true);
    }
  });
});
