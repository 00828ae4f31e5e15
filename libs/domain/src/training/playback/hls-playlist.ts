/**
 * Rewriting of HLS playlists (RFC 8216) for signed playback: every URI a playlist names, on a URI
 * line (segments, variant playlists) or in a tag's URI="..." attribute (EXT-X-MAP, EXT-X-KEY,
 * EXT-X-MEDIA, EXT-X-I-FRAME-STREAM-INF, ...), is handed to `sign` when it is a relative reference
 * that stays inside the recording's directory, and replaced by what `sign` answers. Absolute URLs,
 * root-relative paths and references that climb out of the directory are left as they are: they
 * name nothing the playback token opens, so a player following them is refused or goes elsewhere.
 */
export type SignPath = (path: string) => Promise<string>;

const ATTRIBUTE_URI = /(^|[:,])URI="([^"]*)"/g;
const PLAYLIST_EXTENSION = /\.m3u8?$/i;

export const isPlaylistPath = (path: string): boolean => PLAYLIST_EXTENSION.test(path);

/** What a playlist line is: a URI line, a tag (which may carry URI attributes), or neither (blank, comment). */
const lineKind = (trimmed: string): 'uri' | 'tag' | 'other' =>
  trimmed.startsWith('#EXT') ? 'tag' : trimmed === '' || trimmed.startsWith('#') ? 'other' : 'uri';

/** `playlistPath` is the playlist's own path inside the recording directory (`index.m3u8`, `720p/index.m3u8`). */
export async function rewritePlaylist(text: string, playlistPath: string, sign: SignPath): Promise<string> {
  const base = playlistPath.split('/').slice(0, -1);
  const rewrite = async (uri: string): Promise<string> => {
    const path = resolveInside(base, uri);
    return path === null ? uri : sign(path);
  };
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    const kind = lineKind(trimmed);
    if (kind === 'other') lines.push(line);
    else if (kind === 'tag') lines.push(await rewriteAttributes(trimmed, rewrite));
    else lines.push(await rewrite(trimmed));
  }
  return lines.join('\n');
}

/**
 * The paths inside the recording directory that a playlist names, exactly those rewritePlaylist
 * signs: URI lines (segments, variant playlists) and URI attributes (EXT-X-MAP, EXT-X-KEY,
 * EXT-X-MEDIA, EXT-X-I-FRAME-STREAM-INF, ...), resolved against the playlist's own path.
 */
export function playlistReferences(text: string, playlistPath: string): string[] {
  const base = playlistPath.split('/').slice(0, -1);
  const uris: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    const kind = lineKind(trimmed);
    if (kind === 'tag') uris.push(...[...trimmed.matchAll(ATTRIBUTE_URI)].map((match) => match[2]));
    else if (kind === 'uri') uris.push(trimmed);
  }
  return uris.map((uri) => resolveInside(base, uri)).filter((path): path is string => path !== null);
}

async function rewriteAttributes(tag: string, rewrite: (uri: string) => Promise<string>): Promise<string> {
  const replacements = await Promise.all([...tag.matchAll(ATTRIBUTE_URI)].map((match) => rewrite(match[2])));
  let index = 0;
  return tag.replace(ATTRIBUTE_URI, (_whole, lead: string) => `${lead}URI="${replacements[index++]}"`);
}

/**
 * The path inside the recording directory a relative reference names (query and fragment
 * dropped, percent-escapes decoded), or null for an absolute URL, a root-relative path, a
 * reference that leaves the directory or one that cannot be decoded.
 */
export function resolveInside(base: string[], uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.startsWith('\\')) return null;
  const path = uri.replace(/[?#].*$/, '');
  const resolved = [...base];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (resolved.length === 0) return null;
      resolved.pop();
    } else if (segment.includes('/') || segment.includes('\\')) return null;
    else resolved.push(segment);
  }
  return resolved.length ? resolved.join('/') : null;
}
