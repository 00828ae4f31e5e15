import { Service } from 'typedi';
import { Clock, CustomerActor, isRowId } from '../../shared';
import { TrainingNotFound, TrainingSessionNotFound } from '../training.errors';
import { TrainingAccessDenied, TrainingRecordingNotAvailable, TrainingSessionNotLive } from './playback.errors';
import { PlaybackTokensService } from './playback-tokens.service';
import { SessionContentRepository, SessionContentRow } from './session-content.repository';
import type { SessionAccess, SessionContentResponseDto, VideoTokenResponseDto } from './session-content.views';

/**
 * GET .../training/:trainingId/sessions/:sessionId/content and POST .../video-token
 * (learning-commerce.md "Session content", "Enrollment rules" 4). Checks in order:
 * 1. the training exists and is on sale, or the caller holds it (an enrolled enrollment with active
 *    access keeps a hidden or archived training open, as a course stays open to its buyers): else
 *    404 TRAINING_NOT_FOUND;
 * 2. the session is this training's: else 404 TRAINING_SESSION_NOT_FOUND;
 * 3. the caller has an `enrolled` enrollment of this training and active access to its product now
 *    (ProductAccessPolicy's rule, so time-limited access ends): a pending enrollment or none is
 *    403 TRAINING_ACCESS_DENIED;
 * 4. the session can be reached now (sessionAccess): else 409.
 */
@Service()
export class SessionContentService {
  constructor(
    private readonly sessions: SessionContentRepository,
    private readonly tokens: PlaybackTokensService,
    private readonly clock: Clock,
  ) {}

  async content(actor: CustomerActor, trainingId: number, sessionId: number): Promise<SessionContentResponseDto> {
    const row = await this.open(actor, trainingId, sessionId);
    const access = sessionAccess(row);
    const video = access === 'recording' ? this.signedUrl(actor, row) : null;
    return {
      id: sessionId,
      title: row.title,
      description: row.description,
      videoHlsUrl: video?.videoHlsUrl ?? null,
      videoTokenExpiresAt: video?.videoTokenExpiresAt ?? null,
      liveSessionRef: row.liveSessionRef,
      durationMinutes: row.durationMinutes,
      type: row.type,
      sessionStatus: row.status,
      accessibleVia: access,
    };
  }

  /** A fresh signed URL; only for recorded playback (a session reachable only live has nothing to sign: 409). */
  async videoToken(actor: CustomerActor, trainingId: number, sessionId: number): Promise<VideoTokenResponseDto> {
    const row = await this.open(actor, trainingId, sessionId);
    if (sessionAccess(row) !== 'recording') throw TrainingRecordingNotAvailable('This session is open live only: it has no recording to stream yet');
    return this.signedUrl(actor, row);
  }

  private async open(actor: CustomerActor, trainingId: number, sessionId: number): Promise<SessionContentRow> {
    const row = isRowId(trainingId)
      ? await this.sessions.content({ userId: actor.id, trainingId, sessionId: isRowId(sessionId) ? sessionId : 0, at: this.clock.now() })
      : null;
    if (!row || (!row.onSale && !row.hasAccess)) throw TrainingNotFound();
    if (row.sessionId === null) throw TrainingSessionNotFound();
    if (!row.hasAccess) throw TrainingAccessDenied();
    return row;
  }

  /**
   * The playlist's URL: its file name under the token (paths are relative to the playlist's
   * directory; the token serves only the files the playlist reaches). Access is checked here, at
   * issue only: a token outlives a later cancellation or revocation until it expires (PlaybackTokensService).
   */
  private signedUrl(actor: CustomerActor, row: SessionContentRow): VideoTokenResponseDto {
    const { token, grant } = this.tokens.issue(actor.id, row.sessionId as number);
    const playlist = (row.recordingKey as string).split('/').pop() as string;
    return { videoHlsUrl: this.tokens.url(token, playlist), videoTokenExpiresAt: new Date(grant.expiresAt * 1000).toISOString() };
  }
}

/**
 * How a session is reached now (our reading of "before live or before a recording exists the
 * operation fails"):
 * - cancelled: 409 TRAINING_SESSION_NOT_LIVE, whatever its type (an admin withdrew it);
 * - recorded: its recording, else 409 TRAINING_RECORDING_NOT_AVAILABLE;
 * - both: its recording when there is one, else live while `live`;
 * - live: live while `live`, else its recording when one was added afterwards;
 * - otherwise 409 TRAINING_SESSION_NOT_LIVE before it went live (scheduled), and
 *   TRAINING_RECORDING_NOT_AVAILABLE once it is over (completed) without a recording.
 */
export function sessionAccess(session: Pick<SessionContentRow, 'type' | 'status' | 'recordingKey'>): SessionAccess {
  if (session.status === 'cancelled') throw TrainingSessionNotLive('This session was cancelled');
  const recorded = session.recordingKey !== null;
  const live = session.type !== 'recorded' && session.status === 'live';
  if (session.type === 'live' && live) return 'live';
  if (recorded) return 'recording';
  if (live) return 'live';
  if (session.type === 'recorded') throw TrainingRecordingNotAvailable();
  if (session.status === 'scheduled') throw TrainingSessionNotLive();
  throw TrainingRecordingNotAvailable('This session is over and has no recording yet');
}
