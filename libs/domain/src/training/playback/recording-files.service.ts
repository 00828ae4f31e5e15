import { Service } from 'typedi';
import { InvalidStorageKeyError, normalizeStorageKey, Storage, StorageObjectNotFoundError } from '@platform/storage';
import { Clock, DomainError } from '../../shared';
import { isPlaylistPath, playlistReferences } from './hls-playlist';
import { TrainingRecordingNotAvailable } from './playback.errors';

/** Playlist levels read: master → variant → one more (RFC 8216 needs two); deeper playlists are not served. */
export const MAX_PLAYLIST_DEPTH = 3;
/** Playlists read for one recording, and files it may name; past these, further references are not served. */
export const MAX_PLAYLISTS = 64;
export const MAX_RECORDING_FILES = 20_000;
/** How long a recording's file list is kept in-process, and for how many recordings at most. */
export const RECORDING_FILES_TTL_MS = 60_000;
export const MAX_CACHED_RECORDINGS = 200;
const MAX_PLAYLIST_BYTES = 4 * 1024 * 1024;

interface CachedFiles {
  expiresAt: number;
  files: Promise<ReadonlySet<string>>;
}

/**
 * The files a session recording is made of: its playlist (the session's recording key), every
 * URI that playlist names inside its directory (segments, variant playlists, EXT-X-MAP / KEY /
 * MEDIA URIs), and recursively those of the playlists it names, up to MAX_PLAYLIST_DEPTH levels.
 * A playback token serves these and nothing else: a recording key's directory is no boundary
 * (`uploads/video/x.m3u8`, or the month folders of newUploadKey, hold other private videos).
 *
 * The list is read from storage and kept in-process per recording key for RECORDING_FILES_TTL_MS
 * (at most MAX_CACHED_RECORDINGS keys, oldest dropped first), so segment requests do not read the
 * playlists again. Recordings are written once (VOD); a playlist replaced under the same key is
 * followed within that time. A failed read (storage down, no master playlist) is not kept.
 */
@Service()
export class RecordingFilesService {
  private readonly cache = new Map<string, CachedFiles>();

  constructor(
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** The paths, relative to the recording key's directory, that the recording's playlists reach. */
  files(recordingKey: string): Promise<ReadonlySet<string>> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(recordingKey);
    if (cached && cached.expiresAt > now) return cached.files;
    this.cache.delete(recordingKey);
    const files = this.collect(recordingKey);
    this.remember(recordingKey, { expiresAt: now + RECORDING_FILES_TTL_MS, files }, now);
    files.catch(() => {
      if (this.cache.get(recordingKey)?.files === files) this.cache.delete(recordingKey);
    });
    return files;
  }

  /** A playlist's text; 409 TRAINING_RECORDING_NOT_AVAILABLE past MAX_PLAYLIST_BYTES. */
  async readPlaylist(key: string): Promise<string> {
    const { stream } = await this.storage.open(key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > MAX_PLAYLIST_BYTES) {
        stream.destroy();
        throw TrainingRecordingNotAvailable('The recording playlist is too large to serve');
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Breadth first from the master playlist; a missing, unreadable or oversized nested playlist adds nothing. */
  private async collect(recordingKey: string): Promise<ReadonlySet<string>> {
    const dir = recordingDirectory(recordingKey);
    const master = recordingKey.slice(dir.length);
    const files = new Set<string>([master]);
    let level = [master];
    let read = 0;
    for (let depth = 1; depth <= MAX_PLAYLIST_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const playlist of level) {
        if (read++ >= MAX_PLAYLISTS) break;
        const text = depth === 1 ? await this.readPlaylist(recordingKey) : await this.readNested(dir, playlist);
        for (const path of text === null ? [] : playlistReferences(text, playlist)) {
          if (files.has(path) || files.size >= MAX_RECORDING_FILES) continue;
          // A playlist that would not be read names nothing we could check: it is not served either.
          if (isPlaylistPath(path) && depth === MAX_PLAYLIST_DEPTH) continue;
          files.add(path);
          if (isPlaylistPath(path)) next.push(path);
        }
      }
      level = next;
    }
    return files;
  }

  private async readNested(dir: string, path: string): Promise<string | null> {
    const key = storageKey(dir, path);
    if (!key) return null;
    try {
      return await this.readPlaylist(key);
    } catch (error) {
      const oversized = error instanceof DomainError && error.code === 'TRAINING_RECORDING_NOT_AVAILABLE';
      if (error instanceof StorageObjectNotFoundError || oversized) return null;
      throw error;
    }
  }

  private remember(recordingKey: string, entry: CachedFiles, now: number): void {
    if (this.cache.size >= MAX_CACHED_RECORDINGS) {
      for (const [key, cached] of this.cache) if (cached.expiresAt <= now) this.cache.delete(key);
    }
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.cache.size >= MAX_CACHED_RECORDINGS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(recordingKey, entry);
  }
}

/** The directory of a recording key (`uploads/video/a/` of `uploads/video/a/index.m3u8`): the base of its paths. */
export function recordingDirectory(recordingKey: string): string {
  return recordingKey.slice(0, recordingKey.lastIndexOf('/') + 1);
}

/** The storage key of `path` inside `dir`, or null when it would not stay there (or is no valid key). */
export function storageKey(dir: string, path: string): string | null {
  try {
    const key = normalizeStorageKey(dir + path);
    return key.startsWith(dir) && key.length > dir.length ? key : null;
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return null;
    throw error;
  }
}
