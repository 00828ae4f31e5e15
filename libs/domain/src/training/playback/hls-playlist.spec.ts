import { expect } from 'chai';
import { playlistReferences, resolveInside, rewritePlaylist } from './hls-playlist';

describe('rewritePlaylist (HLS, RFC 8216)', () => {
  const sign = async (path: string) => `https://signed.example/${path}?sig=1`;

  it('signs URI lines and URI attributes relative to the playlist, keeping every other line as it is', async () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXT-X-KEY:METHOD=AES-128,URI="../keys/k.key",IV=0x1',
      '# a comment with URI="x"',
      '#EXTINF:4.0,',
      'seg0.m4s',
      '',
      '#EXTINF:4.0,',
      'https://cdn.example/elsewhere.m4s',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    expect((await rewritePlaylist(text, 'hd/index.m3u8', sign)).split('\n')).to.deep.equal([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MAP:URI="https://signed.example/hd/init.mp4?sig=1"',
      '#EXT-X-KEY:METHOD=AES-128,URI="https://signed.example/keys/k.key?sig=1",IV=0x1',
      '# a comment with URI="x"',
      '#EXTINF:4.0,',
      'https://signed.example/hd/seg0.m4s?sig=1',
      '',
      '#EXTINF:4.0,',
      'https://cdn.example/elsewhere.m4s',
      '#EXT-X-ENDLIST',
    ]);
  });

  it('resolves only relative references that stay inside the recording directory', () => {
    expect(resolveInside(['a'], 'b/../c.ts?x=1#t')).to.equal('a/c.ts');
    expect(resolveInside([], 'part%20two/seg.ts')).to.equal('part two/seg.ts');
    expect(resolveInside(['a'], '../../x.ts')).to.equal(null);
    expect(resolveInside([], '/uploads/video/x.ts')).to.equal(null);
    expect(resolveInside([], 'https://x.example/a.ts')).to.equal(null);
    expect(resolveInside([], 'a%2F..%2F..%2Fx.ts')).to.equal(null);
    expect(resolveInside([], '%E0%A4%A.ts')).to.equal(null);
  });
});

describe(playlistReferences.name, () => {
  it('lists the paths a playlist names inside its directory: URI lines and EXT-X-MAP / KEY / MEDIA / I-FRAME URIs, resolved against the playlist', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="en",URI="../subs/en.m3u8"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="iframes.m3u8"',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXT-X-KEY:METHOD=AES-128,URI="key%201.key"',
      '# URI="comment.ts"',
      'seg0.m4s?v=2',
      'https://cdn.example/abs.m4s',
      '/uploads/video/root.m4s',
      '../../outside.m4s',
    ].join('\n');
    expect(playlistReferences(text, 'hd/index.m3u8')).to.deep.equal([
      'hd/audio/en.m3u8',
      'subs/en.m3u8',
      'hd/iframes.m3u8',
      'hd/init.mp4',
      'hd/key 1.key',
      'hd/seg0.m4s',
    ]);
  });
});
