import { Delete, JsonController, Param, Post } from 'routing-controllers';
import { Service } from 'typedi';
import { ClearCourseTrailerUseCase, UploadCourseTrailerUseCase, UploadedFileInput } from '@platform/domain';
import { ApiDoc, ApiResponse, FileUpload, MB, RequirePermission, UploadedTempFile } from '@platform/http';

/** learning-commerce.md, "Course trailers": managed upload, replace and clear of a course's trailer. */
@Service()
@JsonController('/api/admin/courses')
export class AdminCourseTrailersController {
  constructor(
    private readonly uploadTrailer: UploadCourseTrailerUseCase,
    private readonly clearTrailer: ClearCourseTrailerUseCase,
  ) {}

  @Post('/:id(\\d+)/trailer')
  @RequirePermission('COURSES_UPDATE')
  @FileUpload({ field: 'file', maxSizeBytes: (config) => config.limits.courseTrailerMaxFileSizeMb * MB })
  @ApiDoc(
    'Upload or replace a course trailer (multipart field "file", an MP4)',
    'The file must be sent as video/mp4, be named *.mp4 and be an MP4 by content, else 415 UNSUPPORTED_MEDIA_TYPE; ' +
      'no file is 400; over COURSE_TRAILER_MAX_FILE_SIZE_MB (default 250) is 413. The file is stored under public/trailer/, ' +
      'then the course points at it, then the previous trailer object is deleted (best effort, and only a managed ' +
      'public/trailer/ one; legacy refs are kept). A storage failure is 502 STORAGE_ERROR with the course unchanged. ' +
      'data is { id, title, trailerRef, trailerUrl } (a public URL with no expiry).',
  )
  async upload(@Param('id') id: number, @UploadedTempFile() file?: UploadedFileInput) {
    return ApiResponse.ok(await this.uploadTrailer.execute(id, file), 'course trailer uploaded successfully');
  }

  @Delete('/:id(\\d+)/trailer')
  @RequirePermission('COURSES_UPDATE')
  @ApiDoc(
    'Clear a course trailer',
    'Sets trailerRef to null, then deletes the old object (best effort, managed public/trailer/ keys only). ' +
      'data is { id, trailerRef: null, trailerUrl: null }.',
  )
  async clear(@Param('id') id: number) {
    return ApiResponse.ok(await this.clearTrailer.execute(id), 'course trailer cleared successfully');
  }
}
