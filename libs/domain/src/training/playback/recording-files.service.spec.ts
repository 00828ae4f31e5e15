import { Readable } from 'node:stream';
import { expect } from 'chai';
import { Storage, StorageObjectNotFoundError, StorageUnavailableError } from '@platform/storage';
import { fixedClock } from '../../shared';
import { MAX_CACHED_RECORDINGS, MAX_PLAYLIST_DEPTH, RECORDING_FILES_TTL_MS, RecordingFilesService } from './recording-files.service';

/** A storage holding `files` (key → text) that counts reads; `down` makes every read fail as an outage. */
function fakeStorage(files: Record<string, string>) {
  const fake = {
    reads: [] as string[],
    down: false,
    async open(key: string) {
      fake.reads.push(key);
      if (fake.down) throw new StorageUnavailableError('storage is down');
      if (!(key in files)) throw new StorageObjectNotFoundError(key);
      return { stream: Readable.from([Buffer.from(files[key])]) };
    },
  };
  return fake;
}

const playlist = (...uris: string[]) => ['#EXTM3U', ...uris.flatMap((uri) => ['#EXTINF:4,', uri]), '#EXT-X-ENDLIST'].join('\n');

describe(RecordingFilesService.name, () => {
  const at = { now: new Date('2025-03-01T00:00:00Z') };
  const service = (storage: ReturnType<typeof fakeStorage>) => new RecordingFilesService(storage as unknown as Storage, fixedClock(at));

  it('lists the master playlist, what it names, and recursively what its playlists name; nothing else of the directory', async () => {
    const storage = fakeStorage({
      'uploads/video/2025/03/a.m3u8': '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="a-audio.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=1\na-hd.m3u8',
      'uploads/video/2025/03/a-hd.m3u8': `#EXTM3U\n#EXT-X-MAP:URI="a-init.mp4"\n#EXT-X-KEY:METHOD=AES-128,URI="a.key"\n${playlist('a-0.m4s', 'a-missing.m3u8')}`,
      'uploads/video/2025/03/a-audio.m3u8': playlist('a-audio-0.m4s'),
      'uploads/video/2025/03/b.mp4': 'another private video',
    });
    const files = await service(storage).files('uploads/video/2025/03/a.m3u8');
    expect([...files].sort()).to.deep.equal(
      ['a.m3u8', 'a-audio.m3u8', 'a-hd.m3u8', 'a-init.mp4', 'a.key', 'a-0.m4s', 'a-missing.m3u8', 'a-audio-0.m4s'].sort(),
    );
  });

  it(`reads at most ${MAX_PLAYLIST_DEPTH} levels of playlists; a playlist deeper than that is not served`, async () => {
    const storage = fakeStorage({
      'uploads/video/r/1.m3u8': playlist('2.m3u8'),
      'uploads/video/r/2.m3u8': playlist('3.m3u8', 's2.ts'),
      'uploads/video/r/3.m3u8': playlist('4.m3u8', 's3.ts'),
      'uploads/video/r/4.m3u8': playlist('s4.ts'),
    });
    const files = await service(storage).files('uploads/video/r/1.m3u8');
    expect([...files].sort()).to.deep.equal(['1.m3u8', '2.m3u8', '3.m3u8', 's2.ts', 's3.ts']);
    expect(storage.reads).to.not.include('uploads/video/r/4.m3u8');
  });

  it(`keeps a recording's list for ${RECORDING_FILES_TTL_MS / 1000} s (one read of its playlists), then reads them again`, async () => {
    const storage = fakeStorage({ 'uploads/video/c/i.m3u8': playlist('s.ts') });
    const files = service(storage);
    await Promise.all([files.files('uploads/video/c/i.m3u8'), files.files('uploads/video/c/i.m3u8')]);
    at.now = new Date(at.now.getTime() + RECORDING_FILES_TTL_MS - 1);
    await files.files('uploads/video/c/i.m3u8');
    expect(storage.reads).to.deep.equal(['uploads/video/c/i.m3u8']);
    at.now = new Date(at.now.getTime() + 1);
    await files.files('uploads/video/c/i.m3u8');
    expect(storage.reads).to.have.length(2);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const storage = fakeStorage({ 'uploads/video/d/i.m3u8': playlist('s.ts') });
    const files = service(storage);
    storage.down = true;
    await files.files('uploads/video/d/i.m3u8').then(
      () => expect.fail('expected the outage'),
      (error) => expect(error).to.be.instanceOf(StorageUnavailableError),
    );
    storage.down = false;
    expect([...(await files.files('uploads/video/d/i.m3u8'))].sort()).to.deep.equal(['i.m3u8', 's.ts']);
  });

  it(`keeps at most ${MAX_CACHED_RECORDINGS} recordings, dropping the oldest first`, async () => {
    const keys = Array.from({ length: MAX_CACHED_RECORDINGS + 1 }, (_, index) => `uploads/video/e/${index}.m3u8`);
    const storage = fakeStorage(Object.fromEntries(keys.map((key) => [key, playlist('s.ts')])));
    const files = service(storage);
    for (const key of keys) await files.files(key);
    await files.files(keys[MAX_CACHED_RECORDINGS]);
    await files.files(keys[1]);
    expect(storage.reads).to.have.length(keys.length);
    await files.files(keys[0]);
    expect(storage.reads).to.have.length(keys.length + 1);
  });
});
