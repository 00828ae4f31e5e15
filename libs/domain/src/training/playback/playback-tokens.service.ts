import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Service } from 'typedi';
import type { AppConfig } from '@platform/config';
import { Clock, CONFIG, isRowId } from '../../shared';
import { TrainingVideoTokenExpired, TrainingVideoTokenInvalid } from './playback.errors';

/** What a playback token opens: one session's recording, for one user, until `expiresAt` (Unix seconds). */
export interface PlaybackGrant {
  userId: string;
  sessionId: number;
  expiresAt: number;
}

/** The public route family that serves a token's playlists and segments (customer-api). */
export const PLAYBACK_ROUTE = '/api/training/playback';

const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Short-lived playback tokens for signed session playback (learning-commerce.md "Session content"):
 * `<base64url JSON { u: userId, s: sessionId, e: exp }>.<base64url HMAC-SHA256>`, keyed by a key
 * derived from JWT_SECRET for this purpose only (so no other signed value of the platform, such as
 * a list cursor or an access token, can pass for one). HLS players cannot send headers, so the
 * token rides in the path and is the credential. It names no storage key: the session's recording
 * is looked up when a file is asked for, so a token never discloses where the files live, and it
 * opens only the files that recording's playlists reach (RecordingFilesService).
 *
 * A token is checked against the caller's enrollment and access only when it is issued (content,
 * video-token): once an admin cancels the enrollment or access is revoked, no new token is issued
 * (403 TRAINING_ACCESS_DENIED), but one already issued keeps playing until it expires, a window of
 * at most TRAINING_VIDEO_TOKEN_TTL_SECONDS (900 by default). That bound is why tokens are short-lived.
 */
@Service()
export class PlaybackTokensService {
  private readonly key: Buffer;
  private readonly ttlSeconds: number;
  private readonly baseUrl: string;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update('training-playback/v1').digest();
    this.ttlSeconds = config.limits.training.videoTokenTtlSeconds;
    this.baseUrl = config.apps.customerApi.publicBaseUrl.replace(/\/+$/, '');
  }

  issue(userId: string, sessionId: number): { token: string; grant: PlaybackGrant } {
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
    const body = Buffer.from(JSON.stringify({ u: userId, s: sessionId, e: expiresAt })).toString('base64url');
    return { token: `${body}.${this.sign(body).toString('base64url')}`, grant: { userId, sessionId, expiresAt } };
  }

  /** The grant of a genuine, unexpired token; 403 TRAINING_VIDEO_TOKEN_INVALID for anything altered, 401 _EXPIRED after expiry. */
  verify(token: string): PlaybackGrant {
    const match = TOKEN.exec(token);
    const signature = match && Buffer.from(match[2], 'base64url');
    if (!match || !signature || signature.length !== 32 || !timingSafeEqual(signature, this.sign(match[1]))) throw TrainingVideoTokenInvalid();
    const grant = parse(match[1]);
    if (!grant) throw TrainingVideoTokenInvalid();
    if (this.clock.now().getTime() >= grant.expiresAt * 1000) throw TrainingVideoTokenExpired();
    return grant;
  }

  /** Seconds the grant has left (at least 1 while it is valid), for URLs that must expire no later than it. */
  secondsLeft(grant: PlaybackGrant): number {
    return Math.max(1, grant.expiresAt - Math.ceil(this.clock.now().getTime() / 1000));
  }

  /** The absolute URL (CUSTOMER_API_PUBLIC_BASE_URL) of `path`, relative to the directory of the token's recording playlist. */
  url(token: string, path: string): string {
    return `${this.baseUrl}${PLAYBACK_ROUTE}/${token}/${path.split('/').map(encodeURIComponent).join('/')}`;
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

/** Strict shape: exactly u, s, e with their types (a signed token always has it; this guards a leaked key's misuse). */
function parse(body: string): PlaybackGrant | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { u, s, e } = value;
    if (Object.keys(value).length !== 3 || typeof u !== 'string' || !UUID.test(u)) return null;
    if (typeof s !== 'number' || !isRowId(s) || typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    return { userId: u, sessionId: s, expiresAt: e };
  } catch {
    return null;
  }
}
