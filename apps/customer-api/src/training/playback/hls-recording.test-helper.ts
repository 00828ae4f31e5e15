import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { Storage } from '@platform/storage';
import type supertest from 'supertest';

/**
 * A small valid HLS recording for the playback tests (no ffmpeg needed): a master playlist with
 * two variants, each a VOD media playlist of MPEG-TS segments (188-byte packets starting with the
 * 0x47 sync byte), and a single-level `index.m3u8` beside them.
 */
export function tsSegment(seed: number, packets = 2): Buffer {
  const packet = (index: number) => Buffer.concat([Buffer.from([0x47, 0x40, 0x00, 0x10 | (index & 0x0f)]), Buffer.alloc(184, seed + index)]);
  return Buffer.concat(Array.from({ length: packets }, (_, index) => packet(index)));
}

export const mediaPlaylist = (segments: string[]) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD',
    ...segments.flatMap((segment) => ['#EXTINF:4.000,', segment]), '#EXT-X-ENDLIST', ''].join('\n');

export const masterPlaylist = () =>
  ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360', '360p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=1280x720', '720p/index.m3u8', ''].join('\n');

export interface Recording {
  /** The master playlist key (the session's recordingKey for nested playback). */
  masterKey: string;
  /** The single-level playlist key. */
  indexKey: string;
  /** Every segment by its path inside the recording directory. */
  segments: Map<string, Buffer>;
}

/** Writes a recording under `uploads/video/<dir>/` through the app's storage (local or S3). */
export async function writeRecording(storage: Storage, dir: string, seed = 1): Promise<Recording> {
  const base = `uploads/video/${dir}`;
  const segments = new Map<string, Buffer>([
    ['seg0.ts', tsSegment(seed)],
    ['seg1.ts', tsSegment(seed + 10)],
    ['360p/seg0.ts', tsSegment(seed + 20)],
    ['360p/seg1.ts', tsSegment(seed + 30)],
    ['720p/seg0.ts', tsSegment(seed + 40)],
    ['720p/part two/seg1.ts', tsSegment(seed + 50)],
  ]);
  const put = (path: string, body: Buffer | string, contentType: string) =>
    storage.put(`${base}/${path}`, Readable.from([Buffer.from(body)]), { contentType });
  for (const [path, bytes] of segments) await put(path, bytes, 'video/mp2t');
  await put('index.m3u8', mediaPlaylist(['seg0.ts', 'seg1.ts']), 'application/vnd.apple.mpegurl');
  await put('master.m3u8', masterPlaylist(), 'application/vnd.apple.mpegurl');
  await put('360p/index.m3u8', mediaPlaylist(['seg0.ts', './seg1.ts']), 'application/vnd.apple.mpegurl');
  await put('720p/index.m3u8', mediaPlaylist(['../720p/seg0.ts', 'part%20two/seg1.ts?v=1']), 'application/vnd.apple.mpegurl');
  return { masterKey: `${base}/master.m3u8`, indexKey: `${base}/index.m3u8`, segments };
}

/**
 * A single-level recording laid out as uploads are, flat in a shared folder: the playlist at
 * `playlistKey` (`<dir>/<name>.m3u8`) and its segments beside it as `<name>-0.ts`, `<name>-1.ts`.
 * Answers the segments by their file names.
 */
export async function writeFlatRecording(storage: Storage, playlistKey: string, seed: number): Promise<Map<string, Buffer>> {
  const dir = playlistKey.slice(0, playlistKey.lastIndexOf('/') + 1);
  const name = playlistKey.slice(dir.length).replace(/\.m3u8$/, '');
  const segments = new Map([0, 1].map((index) => [`${name}-${index}.ts`, tsSegment(seed + index * 10)] as const));
  const put = (key: string, body: Buffer | string, contentType: string) => storage.put(key, Readable.from([Buffer.from(body)]), { contentType });
  for (const [file, bytes] of segments) await put(dir + file, bytes, 'video/mp2t');
  await put(playlistKey, mediaPlaylist([...segments.keys()]), 'application/vnd.apple.mpegurl');
  return segments;
}

/** The URI lines of a playlist (what a player fetches). */
export const playlistUris = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));

/** A URL of this API as supertest takes it (path and query); the API's own URLs carry CUSTOMER_API_PUBLIC_BASE_URL. */
export const apiPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

type Parser = Parameters<supertest.Test['parse']>[0];
/** Collects the body as bytes, whatever its content type (superagent buffers only types it knows). */
export const binary: Parser = (res, callback) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** GET of one of this API's URLs (or a path), the body as bytes. */
export const getBytes = (http: supertest.Agent, url: string) => http.get(url.startsWith('/') ? url : apiPath(url)).buffer(true).parse(binary);

/**
 * Plays a playlist as an HLS player would: fetches it, then every variant playlist (recursively)
 * and every segment it names; `fetchSegment` fetches a segment URL. Answers the segment bytes in order.
 */
export async function play(
  http: supertest.Agent,
  url: string,
  fetchSegment: (url: string) => Promise<Buffer>,
): Promise<Buffer[]> {
  const res = await getBytes(http, url).expect(200);
  expect(res.headers['content-type']).to.match(/^application\/vnd\.apple\.mpegurl/);
  expect(res.headers['cache-control']).to.equal('private, no-store');
  const text = (res.body as Buffer).toString('utf8');
  expect(text.startsWith('#EXTM3U')).to.equal(true);
  const bytes: Buffer[] = [];
  for (const uri of playlistUris(text)) {
    if (/\.m3u8$/.test(new URL(uri).pathname)) bytes.push(...(await play(http, uri, fetchSegment)));
    else bytes.push(await fetchSegment(uri));
  }
  return bytes;
}

/** The bytes written for a segment of the recording. */
export function segmentOf(recording: Recording, path: string): Buffer {
  const bytes = recording.segments.get(path);
  if (!bytes) throw new Error(`no segment ${path} in the fixture`);
  return bytes;
}
