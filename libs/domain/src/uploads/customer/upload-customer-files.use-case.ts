import { Service } from 'typedi';
import { CustomerUploadModel, Database } from '@platform/db';
import type { UploadType } from '@platform/storage';
import type { CustomerActor } from '../../shared';
import type { UploadedFileInput, UploadResultView } from '../uploaded-file';
import { UploadStore } from '../upload-store.service';
import { UploadFilesUseCase } from '../use-cases/upload-files.use-case';

/**
 * A customer's upload: stored like any upload, then recorded as theirs, so that later only they
 * can resolve its private URL. If the record cannot be written, the stored files are removed.
 */
@Service()
export class UploadCustomerFilesUseCase {
  constructor(
    private readonly db: Database,
    private readonly uploadFiles: UploadFilesUseCase,
    private readonly store: UploadStore,
  ) {}

  async execute(customer: CustomerActor, input: { files: UploadedFileInput[]; type: UploadType; field?: string }): Promise<UploadResultView[]> {
    const results = await this.uploadFiles.execute(input);
    try {
      await this.db.transaction((tx) =>
        CustomerUploadModel.bulkCreate(
          results.map((result) => ({ storageKey: result.relativePath, userId: customer.id })),
          { transaction: tx },
        ),
      );
    } catch (error) {
      await Promise.all(results.map((result) => this.store.deleteQuietly(result.relativePath, 'recording the upload failed')));
      throw error;
    }
    return results;
  }
}
