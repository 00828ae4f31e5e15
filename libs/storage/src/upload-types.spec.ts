import { expect } from 'chai';
import {
  ALL_UPLOAD_TYPES,
  allowedMimeTypes,
  CUSTOMER_UPLOAD_TYPES,
  isUploadType,
  UPLOAD_TYPES,
  uploadTypeOrDefault,
} from './upload-types';

const PUBLIC_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'video/mp4'];
const PRIVATE_MIME_TYPES = [
  ...PUBLIC_MIME_TYPES,
  'video/webm',
  'video/quicktime',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'text/csv',
];

describe('upload types', () => {
  // community-content-uploads.md, "Upload types": one row per type.
  const table: Array<[string, string, boolean]> = [
    ['avatar', 'public/avatar/', true],
    ['landing', 'public/landing/', true],
    ['thumbnail', 'public/thumbnail/', true],
    ['trailer', 'public/trailer/', true],
    ['image', 'uploads/image/', false],
    ['video', 'uploads/video/', false],
    ['file', 'uploads/file/', false],
  ];

  it('has exactly the seven types of the spec', () => {
    expect(ALL_UPLOAD_TYPES).to.have.members(table.map(([type]) => type));
  });

  for (const [type, prefix, isPublic] of table) {
    it(`${type}: prefix ${prefix}, ${isPublic ? 'public' : 'private'}, ${isPublic ? 'public' : 'private'} MIME allow-list`, () => {
      expect(isUploadType(type)).to.equal(true);
      if (!isUploadType(type)) return;
      expect(UPLOAD_TYPES[type]).to.deep.equal({ prefix, isPublic });
      expect(prefix.startsWith(isPublic ? 'public/' : 'uploads/')).to.equal(true);
      expect(allowedMimeTypes(type)).to.have.members(isPublic ? PUBLIC_MIME_TYPES : PRIVATE_MIME_TYPES);
    });
  }

  it('lets customers upload avatar, image and file only', () => {
    expect([...CUSTOMER_UPLOAD_TYPES]).to.have.members(['avatar', 'image', 'file']);
  });

  it('routes an unknown or missing type to image', () => {
    for (const value of ['nonsense', '', undefined, 42, 'toString', '__proto__']) {
      expect(uploadTypeOrDefault(value)).to.equal('image');
    }
    expect(uploadTypeOrDefault('trailer')).to.equal('trailer');
  });

  it('does not take inherited object properties for types', () => {
    expect(isUploadType('toString')).to.equal(false);
    expect(isUploadType('constructor')).to.equal(false);
  });
});
