import type { TrainingSessionStatus, TrainingSessionType } from '@platform/db';

/** How the caller reaches the session now: the recording (signed HLS) or the live session. */
export type SessionAccess = 'recording' | 'live';

/**
 * SessionContentResponseDto (learning-commerce.md "Session content"), exactly these fields: there
 * is no `recordingUrl`. For live access there is nothing to sign: videoHlsUrl and
 * videoTokenExpiresAt are null and liveSessionRef is the link.
 */
export interface SessionContentResponseDto {
  id: number;
  title: string;
  description: string | null;
  videoHlsUrl: string | null;
  videoTokenExpiresAt: string | null;
  liveSessionRef: string | null;
  durationMinutes: number;
  type: TrainingSessionType;
  sessionStatus: TrainingSessionStatus;
  accessibleVia: SessionAccess;
}

/** POST .../video-token: a fresh signed streaming URL and its expiry. */
export interface VideoTokenResponseDto {
  videoHlsUrl: string;
  videoTokenExpiresAt: string;
}

const VIDEO_HLS_URL = {
  type: 'string',
  description:
    'Signed HLS playlist URL on this API (GET /api/training/playback/{token}/{path}); every segment and variant playlist ' +
    'in it is signed too. Null for live access.',
};
const EXPIRES_AT = { type: 'string', format: 'date-time', description: 'When videoHlsUrl (and every URL in its playlists) stops working' };

export const SESSION_CONTENT_SCHEMA = {
  type: 'object',
  required: ['id', 'title', 'description', 'videoHlsUrl', 'videoTokenExpiresAt', 'liveSessionRef', 'durationMinutes', 'type', 'sessionStatus', 'accessibleVia'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string', nullable: true },
    videoHlsUrl: { ...VIDEO_HLS_URL, nullable: true },
    videoTokenExpiresAt: { ...EXPIRES_AT, nullable: true },
    liveSessionRef: { type: 'string', nullable: true, description: "The live link: the caller's cohort's when its schedule sets one, else the session's" },
    durationMinutes: { type: 'integer' },
    type: { type: 'string', enum: ['recorded', 'live', 'both'] },
    sessionStatus: { type: 'string', enum: ['scheduled', 'live', 'completed', 'cancelled'] },
    accessibleVia: { type: 'string', enum: ['recording', 'live'] },
  },
};

export const VIDEO_TOKEN_SCHEMA = {
  type: 'object',
  required: ['videoHlsUrl', 'videoTokenExpiresAt'],
  properties: { videoHlsUrl: VIDEO_HLS_URL, videoTokenExpiresAt: EXPIRES_AT },
};
