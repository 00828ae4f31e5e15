import { DomainError } from '../../shared';

/**
 * Session content and signed playback (learning-commerce.md "Session content", "Errors → Training";
 * CONTRACT §4). The two video-token codes are ours: the spec names none for the playback route.
 */
export const TrainingAccessDenied = () =>
  new DomainError('TRAINING_ACCESS_DENIED', 'Session content needs an enrolled enrollment with active access to this training');
export const TrainingSessionNotLive = (message = 'This live session has not started yet') => new DomainError('TRAINING_SESSION_NOT_LIVE', message);
export const TrainingRecordingNotAvailable = (message = 'This session has no recording yet') =>
  new DomainError('TRAINING_RECORDING_NOT_AVAILABLE', message);
/**
 * A playback token that is malformed or altered, or asked for a path that is no plain relative path
 * (`..`, `.`, empty segments, backslashes) (403). A plain path the recording's playlists do not
 * reach is 404 NOT_FOUND instead, as a missing file is.
 */
export const TrainingVideoTokenInvalid = (message = 'This playback link is not valid') => new DomainError('TRAINING_VIDEO_TOKEN_INVALID', message);
/** A well-signed playback token past its expiry (401): ask POST .../video-token for a fresh link. */
export const TrainingVideoTokenExpired = () =>
  new DomainError('TRAINING_VIDEO_TOKEN_EXPIRED', 'This playback link has expired: request a fresh one with POST .../video-token');
