import type { Response } from 'express';
import { Body, Get, JsonController, Post, QueryParams, Res } from 'routing-controllers';
import { Service } from 'typedi';
import {
  AdminUploadQueryDto,
  ResolveSignedUrlsUseCase,
  ResolveSignedUrlUseCase,
  SignedUrlQueryDto,
  SignedUrlsBatchDto,
  signedUrlMessage,
  StoredFilesService,
  UploadedFileInput,
  UploadFilesUseCase,
} from '@platform/domain';
import {
  ApiDoc,
  ApiResponse,
  FileUpload,
  KEY_PATH,
  KeyPathParam,
  MB,
  RequirePermission,
  sendStoredObject,
  UploadedTempFiles,
} from '@platform/http';
import type { UploadType } from '@platform/storage';

const RESULT =
  'data is an UploadResultDto: filename, originalName, mimeType, size, relativePath (the storage key to store), url, ' +
  'expiresAt (Unix ms for a signed URL, null for a stable one). Keys are <type prefix><yyyy>/<mm>/<uuidv7>.<ext>.';
const TYPES =
  'Query uploadType: avatar | landing | thumbnail | trailer (public/...) or image | video | file (uploads/...), default image; ' +
  'an unknown value is stored as image. optimize (boolean, default true) is an image optimization hint: accepted, ' +
  'files are stored as sent. Public types take JPEG, PNG, GIF, WebP, AVIF and MP4; private ones also WebM, QuickTime, ' +
  'PDF, XLSX, XLS and CSV. The declared type, the extension and the content must agree; anything else is 400 naming the type. ' +
  'Over UPLOAD_MAX_FILE_SIZE_MB (default 50) per file is 413; a storage failure is 502 STORAGE_ERROR.';
const KEY =
  'The key follows the route and may hold slashes. It must start with public/ or uploads/ (.. segments are removed); ' +
  'another prefix or an empty key is 400.';

/**
 * Admin uploads (community-content-uploads.md, "Uploads, admin"). Any admin token may use them:
 * the spec names no permission, so `@RequirePermission()` asks for an admin token and nothing more.
 */
@Service()
@JsonController('/api/upload')
export class AdminUploadsController {
  constructor(
    private readonly uploadFiles: UploadFilesUseCase,
    private readonly resolveUrl: ResolveSignedUrlUseCase,
    private readonly resolveUrls: ResolveSignedUrlsUseCase,
    private readonly storedFiles: StoredFilesService,
  ) {}

  @Post('')
  @RequirePermission()
  @FileUpload({ field: 'file', maxSizeBytes: (config) => config.limits.uploadMaxFileSizeMb * MB })
  @ApiDoc('Upload one file (multipart field "file")', `${TYPES} ${RESULT}`)
  async upload(@UploadedTempFiles() files: UploadedFileInput[], @QueryParams() query: AdminUploadQueryDto) {
    const [result] = await this.uploadFiles.execute({ files, type: query.uploadType as UploadType, field: 'file' });
    return ApiResponse.ok(result, 'File uploaded successfully');
  }

  @Post('/multiple')
  @RequirePermission()
  @FileUpload({ field: 'files', maxFiles: 10, maxSizeBytes: (config) => config.limits.uploadMaxFileSizeMb * MB })
  @ApiDoc(
    'Upload up to 10 files (multipart field "files")',
    `More than 10 files is 400. Every file is checked before any is stored, so one refused file stores none. ${TYPES} ` +
      `data is a list of UploadResultDto, in the order sent. ${RESULT}`,
  )
  async uploadMultiple(@UploadedTempFiles() files: UploadedFileInput[], @QueryParams() query: AdminUploadQueryDto) {
    const results = await this.uploadFiles.execute({ files, type: query.uploadType as UploadType, field: 'files' });
    return ApiResponse.ok(results, 'Files uploaded successfully');
  }

  @Get(`/signed-url/${KEY_PATH}`)
  @RequirePermission()
  @ApiDoc(
    'Resolve the URL of a stored key (GET /api/upload/signed-url/{key})',
    `${KEY} Query expiresIn: seconds (1 to 604800) for a signed URL, overriding SIGNED_URL_EXPIRES_SECONDS. data is ` +
      '{ url, expiresAt }: a signed URL and its expiry (Unix ms) for a private key on S3, message "Signed URL generated"; ' +
      'otherwise a stable URL with expiresAt null (with the local driver /<key>), message "Local URL resolved".',
  )
  async signedUrl(@KeyPathParam() key: string, @QueryParams() query: SignedUrlQueryDto) {
    const resolved = await this.resolveUrl.execute(key, query.expiresIn);
    return ApiResponse.ok(resolved, signedUrlMessage(resolved));
  }

  @Post('/signed-urls')
  @RequirePermission()
  @ApiDoc(
    'Resolve the URLs of up to 100 keys',
    'Body { keys: string[] (at most 100), expiresIn?: seconds }. data maps each key, as sent, to { url, expiresAt } ' +
      'or to null when that key cannot be resolved (a bad prefix, a signing failure); the others still resolve.',
  )
  async signedUrls(@Body() dto: SignedUrlsBatchDto) {
    return ApiResponse.ok(await this.resolveUrls.execute(dto.keys, dto.expiresIn), 'Signed URLs generated');
  }

  @Get(`/file/${KEY_PATH}`)
  @RequirePermission()
  @ApiDoc(
    'Stream a stored file (GET /api/upload/file/{key})',
    `${KEY} Answers the bytes with Cache-Control: private, max-age=3600, Content-Type from the extension ` +
      '(application/octet-stream when unknown), Content-Disposition: inline and X-Content-Type-Options: nosniff. ' +
      'No object there is 404; a storage failure before the first byte is 502 STORAGE_ERROR.',
  )
  async file(@KeyPathParam() key: string, @Res() res: Response) {
    await sendStoredObject(res, await this.storedFiles.open(key));
    return res;
  }
}
