import { CurrentUser, Get, JsonController, Post, QueryParams } from 'routing-controllers';
import { Service } from 'typedi';
import {
  ChannelAttachmentAccessService,
  CustomerActor,
  MobileUploadQueryDto,
  ResolveCustomerUrlUseCase,
  SignedUrlQueryDto,
  signedUrlMessage,
  UploadCustomerFilesUseCase,
  UploadedFileInput,
} from '@platform/domain';
import { ApiDoc, ApiResponse, CustomerRoute, FileUpload, KEY_PATH, KeyPathParam, MB, RateLimit, UploadedTempFiles } from '@platform/http';
import type { UploadType } from '@platform/storage';

/** community-content-uploads.md, "Limits": fixed for mobile. */
const MOBILE_MAX_FILE_BYTES = 5 * MB;

/**
 * Mobile uploads (community-content-uploads.md, "Uploads, mobile"): a customer token, the
 * customer upload types only, 5 MB per file, 10 uploads and 60 URL resolutions per 60 s per IP.
 * The rate limit is declared below the upload so it runs first: a throttled client's body is
 * never written to disk.
 */
@Service()
@JsonController('/api/mobile/uploads')
export class MobileUploadsController {
  constructor(
    private readonly uploadFiles: UploadCustomerFilesUseCase,
    private readonly resolveUrl: ResolveCustomerUrlUseCase,
    private readonly channelAttachments: ChannelAttachmentAccessService,
  ) {}

  @Post('')
  @CustomerRoute()
  @ApiDoc(
    'Upload one file (multipart field "file")',
    'Query uploadType: avatar (public/avatar/...), image or file (uploads/...), default image; any other value is 400. ' +
      'optimize (boolean, default true) is a hint: files are stored as sent. At most 5 MB (413); 10 uploads per 60 s per IP (429). ' +
      'data is an UploadResultDto: filename, originalName, mimeType, size, relativePath (store it), url, expiresAt (Unix ms or null).',
  )
  @FileUpload({ field: 'file', maxSizeBytes: () => MOBILE_MAX_FILE_BYTES })
  @RateLimit({ name: 'mobile-uploads', points: 10, durationSeconds: 60, by: 'ip' })
  async upload(
    @CurrentUser() customer: CustomerActor,
    @UploadedTempFiles() files: UploadedFileInput[],
    @QueryParams() query: MobileUploadQueryDto,
  ) {
    const [result] = await this.uploadFiles.execute(customer, { files, type: query.uploadType as UploadType, field: 'file' });
    return ApiResponse.ok(result, 'File uploaded successfully');
  }

  @Get(`/signed-url/${KEY_PATH}`)
  @CustomerRoute()
  @ApiDoc(
    'Resolve the URL of a stored key (GET /api/mobile/uploads/signed-url/{key})',
    'As the admin route, for public keys, the private keys this customer uploaded, and the attachments of channel posts ' +
      'they may read now (the channel access function: not deleted, channel not deleted, inside their history); any other private key is 404: ' +
      'the key must start with public/ or uploads/ (400 otherwise); expiresIn (seconds, at least 1) ' +
      'overrides the lifetime of a signed URL. data is { url, expiresAt }. 60 requests per 60 s per IP (429).',
  )
  @RateLimit({ name: 'mobile-upload-signed-url', points: 60, durationSeconds: 60, by: 'ip' })
  async signedUrl(@CurrentUser() customer: CustomerActor, @KeyPathParam() key: string, @QueryParams() query: SignedUrlQueryDto) {
    // Own upload OR a readable channel attachment: combined here, since uploads may not import channels (channels imports uploads).
    const readableAttachment = (normalized: string) => this.channelAttachments.mayRead(customer, normalized);
    const resolved = await this.resolveUrl.execute(customer, key, query.expiresIn, readableAttachment);
    return ApiResponse.ok(resolved, signedUrlMessage(resolved));
  }
}
