import type { Response } from 'express';
import { Get, JsonController, Param, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { PLAYBACK_ROUTE, PlaybackFilesService } from '@platform/domain';
import { sendStoredObject } from '@platform/http';

/**
 * Signed HLS playback (learning-commerce.md "Session content"): public, because HLS players cannot
 * add an Authorization header; the signed token in the path is the credential. One route family
 * for both storage drivers, so a player sees the same URLs whatever stores the files.
 */
@Service()
@JsonController()
export class TrainingPlaybackController {
  constructor(private readonly files: PlaybackFilesService) {}

  @Get(`${PLAYBACK_ROUTE}/:token/:path(*)`)
  @OpenAPI({
    summary: 'A playlist or segment of a session recording, by signed playback token (public)',
    description:
      'The URL comes from videoHlsUrl of the session content or video-token routes; clients never build it. The token opens ' +
      "only the files of its session's recording, until it expires: the recording's playlist, the URIs it names (segments, " +
      'variant playlists, EXT-X-MAP / EXT-X-KEY / EXT-X-MEDIA URIs) and recursively those of the playlists it names (3 levels ' +
      'at most), paths relative to the playlist; never another file of the same folder. The token is checked against the ' +
      "caller's enrollment only when it is issued: after an admin cancels the enrollment or access is revoked, a token issued " +
      'before keeps working until its expiry (TRAINING_VIDEO_TOKEN_TTL_SECONDS at most, 900 by default), and no new one is ' +
      'issued. Playlists (.m3u8, application/vnd.apple.mpegurl, ' +
      'Cache-Control: no-store) are answered rewritten: variant playlists point back at this route under the same token, and ' +
      'segments too with the local storage driver; with S3 segments are presigned GET URLs expiring no later than the token. ' +
      'Segments stream with their type (.ts video/mp2t, .m4s video/iso.segment, .mp4 video/mp4, .aac, .m4a, .vtt, .key). ' +
      'Errors: 403 TRAINING_VIDEO_TOKEN_INVALID (malformed or altered token, or a path that is not a plain relative path: ' +
      '`..`, `.`, empty segments, backslashes), 401 TRAINING_VIDEO_TOKEN_EXPIRED (ask POST .../video-token for a fresh URL), 409 ' +
      'TRAINING_RECORDING_NOT_AVAILABLE (the session no longer has a recording), 404 NOT_FOUND (a file the recording\'s ' +
      'playlists do not name, even if it exists beside them; no such file; or not a playlist or segment type), 502 STORAGE_ERROR.',
    responses: {
      '200': {
        description: 'The playlist or segment bytes',
        content: { 'application/vnd.apple.mpegurl': { schema: { type: 'string' } }, 'video/mp2t': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async file(@Param('token') token: string, @Param('path') path: string, @Res() res: Response) {
    const file = await this.files.open(token, path);
    if (file.kind === 'file') {
      await sendStoredObject(res, file);
      return res;
    }
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(file.body);
    return res;
  }
}
