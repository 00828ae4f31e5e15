import { Delete, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { ClearTrainingTrailerUseCase, UploadedFileInput, UploadTrainingTrailerUseCase } from '@platform/domain';
import { ApiDoc, ApiResponse, FileUpload, MB, RequirePermission, UploadedTempFile } from '@platform/http';

/** learning-commerce.md, "Training trailers": the course trailer rules, for a training. */
@Service()
@JsonController('/api/admin/training')
export class AdminTrainingTrailersController {
  constructor(
    private readonly uploadTrailer: UploadTrainingTrailerUseCase,
    private readonly clearTrailer: ClearTrainingTrailerUseCase,
  ) {}

  @Post('/:id(\\d+)/trailer')
  @RequirePermission('Training_UPDATE')
  @FileUpload({ field: 'file', maxSizeBytes: (config) => config.limits.courseTrailerMaxFileSizeMb * MB })
  @ApiDoc(
    'Upload or replace a training trailer (multipart field "file", an MP4)',
    'The file must be sent as video/mp4, be named *.mp4 and be an MP4 by content, else 415 UNSUPPORTED_MEDIA_TYPE; ' +
      'no file is 400; over COURSE_TRAILER_MAX_FILE_SIZE_MB (default 250) is 413; an unknown training is 404 ' +
      'TRAINING_NOT_FOUND (nothing is stored). The file is stored under public/trailer/, then the training points at it, ' +
      'then the previous trailer object is deleted (best effort, and only a managed public/trailer/ one; legacy refs are ' +
      'kept). If the training cannot be saved the new object is deleted again. A storage failure is 502 STORAGE_ERROR ' +
      'with the training unchanged. data is { id, trailerRef, trailerUrl } (a public URL with no expiry).',
  )
  async upload(@Param('id') id: number, @UploadedTempFile() file?: UploadedFileInput) {
    return ApiResponse.ok(await this.uploadTrailer.execute(id, file), 'training trailer uploaded successfully');
  }

  @Delete('/:id(\\d+)/trailer')
  @RequirePermission('Training_UPDATE')
  @ApiDoc(
    'Clear a training trailer',
    'Sets trailerRef to null, then deletes the old object (best effort, managed public/trailer/ keys only). ' +
      'An unknown training is 404 TRAINING_NOT_FOUND. data is { id, trailerRef: null, trailerUrl: null }.',
  )
  async clear(@Param('id') id: number) {
    return ApiResponse.ok(await this.clearTrailer.execute(id), 'training trailer cleared successfully');
  }
}
