import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { Service } from 'typedi';
import { Storage } from '@platform/storage';
import { NotFound } from '../../shared';
import { isPlaylistPath, rewritePlaylist } from './hls-playlist';
import { TrainingRecordingNotAvailable, TrainingVideoTokenInvalid } from './playback.errors';
import { PlaybackGrant, PlaybackTokensService } from './playback-tokens.service';
import { RecordingFilesService, recordingDirectory, storageKey } from './recording-files.service';
import { SessionContentRepository } from './session-content.repository';

export type PlaybackFile =
  | { kind: 'playlist'; contentType: string; body: string }
  | { kind: 'file'; contentType: string; stream: Readable; contentLength?: number };

/** The files a playback token serves, by extension: HLS playlists, MPEG-TS and fMP4 segments, audio, subtitles, AES keys. */
const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m3u': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt',
  '.key': 'application/octet-stream',
};

/**
 * GET /api/training/playback/:token/:path (public: the token is the credential). The token opens
 * the files of its session's recording as the session has it now: its playlist and what that
 * playlist reaches (RecordingFilesService), paths relative to the playlist's directory. Any other
 * file, even one beside the playlist in the same directory, is 404 NOT_FOUND, as a missing one is
 * (so a token tells nothing of what else the directory holds); a path that is no plain relative
 * path is 403 TRAINING_VIDEO_TOKEN_INVALID. A playlist is answered rewritten (hls-playlist.ts):
 * variant playlists point back at this route under the same token; segments too with the local
 * driver, and with S3 they become presigned GET URLs expiring no later than the token. Other
 * files stream from storage.
 *
 * The token is not checked against the caller's enrollment again: a token issued before the
 * enrollment was cancelled or the access revoked keeps playing until it expires
 * (TRAINING_VIDEO_TOKEN_TTL_SECONDS at most), a bounded window; no fresh token is issued after.
 */
@Service()
export class PlaybackFilesService {
  constructor(
    private readonly tokens: PlaybackTokensService,
    private readonly sessions: SessionContentRepository,
    private readonly recordings: RecordingFilesService,
    private readonly storage: Storage,
  ) {}

  async open(token: string, rawPath: string): Promise<PlaybackFile> {
    const grant = this.tokens.verify(token);
    const path = insidePath(rawPath);
    const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
    if (!contentType) throw NotFound('Not a file of this recording');
    const recordingKey = await this.sessions.recordingKey(grant.sessionId);
    if (!recordingKey) throw TrainingRecordingNotAvailable();
    const dir = recordingDirectory(recordingKey);
    const key = storageKey(dir, path);
    if (!key) throw TrainingVideoTokenInvalid('This playback link does not open that path');
    const files = await this.recordings.files(recordingKey);
    if (!files.has(path)) throw NotFound('Not a file of this recording');
    if (!isPlaylistPath(path)) {
      const { stream, contentLength } = await this.storage.open(key);
      return { kind: 'file', contentType, stream, contentLength };
    }
    const text = await this.recordings.readPlaylist(key);
    return { kind: 'playlist', contentType, body: await rewritePlaylist(text, path, (inside) => this.signedUri(token, grant, dir, inside, files)) };
  }

  /** This route's URL of `path`; with S3 a presigned URL instead for a segment, only when the token serves it. */
  private async signedUri(token: string, grant: PlaybackGrant, dir: string, path: string, files: ReadonlySet<string>): Promise<string> {
    const key = storageKey(dir, path);
    if (this.storage.driver.kind === 'local' || isPlaylistPath(path) || !key || !files.has(path)) return this.tokens.url(token, path);
    return (await this.storage.resolveUrl(key, this.tokens.secondsLeft(grant))).url;
  }
}

/**
 * The asked path, refused (403 TRAINING_VIDEO_TOKEN_INVALID) unless it is a plain relative path:
 * no `..` or `.` segment, no empty segment (so no leading slash), no backslash or control character.
 */
function insidePath(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\\\x00-\x1f\x7f]/.test(raw) || raw.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
  if (unsafe) throw TrainingVideoTokenInvalid('This playback link does not open that path');
  return raw;
}
