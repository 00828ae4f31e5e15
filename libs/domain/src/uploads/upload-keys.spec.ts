import { expect } from 'chai';
import { isManagedTrailerRef, newUploadKey } from './upload-keys';

describe(newUploadKey.name, () => {
  it('builds <type prefix><yyyy>/<mm>/<uuidv7>.<ext> from the UTC month', () => {
    const key = newUploadKey('trailer', 'mp4', new Date('2025-02-28T23:30:00-05:00'));
    expect(key).to.match(/^public\/trailer\/2025\/03\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.mp4$/);
  });

  it('never repeats a key and sorts keys of one month by creation', () => {
    const keys = Array.from({ length: 50 }, () => newUploadKey('image', 'png', new Date('2025-01-15T00:00:00Z')));
    expect(new Set(keys).size).to.equal(50);
    expect([...keys].sort()).to.deep.equal(keys);
  });
});

describe(isManagedTrailerRef.name, () => {
  it('recognizes only public/trailer/ keys as managed', () => {
    expect(isManagedTrailerRef('public/trailer/2025/01/a.mp4')).to.equal(true);
    for (const legacy of ['public/trailers/a.mp4', 'uploads/video/a.mp4', 'https://cdn.example.com/public/trailer/a.mp4', '', null]) {
      expect(isManagedTrailerRef(legacy), String(legacy)).to.equal(false);
    }
  });

  it('refuses a public/trailer/ ref that is not a normalized key, so deletion never reaches another object', () => {
    for (const ref of [
      'public/trailer/../../uploads/video/x',
      'public/trailer/..\\..\\uploads\\video\\x.mp4',
      'public/trailer/./2025/01/a.mp4',
      'public/trailer//2025/01/a.mp4',
      'public/trailer/2025/01/a.mp4/',
      'public/trailer/',
      'public/trailer/2025/01/a\x00.mp4',
    ]) {
      expect(isManagedTrailerRef(ref), JSON.stringify(ref)).to.equal(false);
    }
  });
});
