import { expect } from 'chai';
import { isPublicKey, normalizeStorageKey } from './storage-keys';
import { InvalidStorageKeyError } from './storage.errors';

describe(normalizeStorageKey.name, () => {
  const normalizes: Array<[string, string, string]> = [
    ['keeps a clean key', 'uploads/image/a.png', 'uploads/image/a.png'],
    ['removes `..` segments', 'uploads/../uploads/image/../a.png', 'uploads/uploads/image/a.png'],
    ['removes a `..` that would climb out of the prefix', 'public/../../etc/passwd', 'public/etc/passwd'],
    ['turns backslashes into slashes', 'uploads\\file\\..\\report.pdf', 'uploads/file/report.pdf'],
    ['drops leading slashes', '///public/avatar/me.png', 'public/avatar/me.png'],
    ['drops empty and `.` segments', 'public//./trailer/./t.mp4', 'public/trailer/t.mp4'],
    ['keeps spaces and letters beyond ASCII', 'uploads/file/prix été.pdf', 'uploads/file/prix été.pdf'],
  ];
  for (const [rule, raw, expected] of normalizes) {
    it(`${rule}: ${raw} -> ${expected}`, () => {
      expect(normalizeStorageKey(raw)).to.equal(expected);
    });
  }

  const refuses: Array<[string, string]> = [
    ['an empty key', ''],
    ['a key of slashes only', '///'],
    ['a key that is only `..`', '../..'],
    ['another prefix', 'private/a.png'],
    ['a prefix without its slash', 'uploadsx/a.png'],
    ['a prefix that only `..` removal would expose', '../etc/passwd'],
    ['a prefix in another case', 'Public/a.png'],
    ['a NUL byte', 'uploads/a\x00b.png'],
    ['a key over 1,024 bytes', `uploads/${'a/'.repeat(600)}x.png`],
    ['a segment over 255 bytes (a file name too long for the local store)', `uploads/file/${'é'.repeat(128)}.pdf`],
    ['a NUL byte in a segment that `..` removal drops', 'uploads/..\x00/a.png'],
    ['a newline', 'uploads/image/a\n.png'],
    ['a carriage return', 'public/avatar/a\r.png'],
    ['a tab', 'uploads/file/a\tb.pdf'],
    ['the escape character', 'uploads/file/\x1b[31m.pdf'],
    ['DEL', 'uploads/file/a\x7f.pdf'],
  ];
  for (const [rule, raw] of refuses) {
    it(`refuses ${rule} (${JSON.stringify(raw)})`, () => {
      expect(() => normalizeStorageKey(raw)).to.throw(InvalidStorageKeyError);
    });
  }
});

describe(isPublicKey.name, () => {
  it('is true under public/ and false under uploads/', () => {
    expect(isPublicKey('public/avatar/a.png')).to.equal(true);
    expect(isPublicKey('uploads/image/a.png')).to.equal(false);
  });
});
