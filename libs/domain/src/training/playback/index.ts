export { SessionContentService, sessionAccess } from './session-content.service';
export { PlaybackFilesService } from './playback-files.service';
export type { PlaybackFile } from './playback-files.service';
export { PlaybackTokensService, PLAYBACK_ROUTE } from './playback-tokens.service';
export type { PlaybackGrant } from './playback-tokens.service';
export { SESSION_CONTENT_SCHEMA, VIDEO_TOKEN_SCHEMA } from './session-content.views';
export type { SessionContentResponseDto, VideoTokenResponseDto, SessionAccess } from './session-content.views';
export * from './playback.errors';
