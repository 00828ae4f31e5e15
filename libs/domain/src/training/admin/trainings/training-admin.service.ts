import { Service } from 'typedi';
import type { Transaction } from '@platform/db';
import { StorageUrls } from '@platform/storage';
import { Page, toPage } from '../../../shared';
import { TrainingRepository, TrainingWithProduct } from '../../training.repository';
import type { FetchTrainingDto } from './dto/fetch-training.dto';
import { AdminTrainingsRepository } from './training-admin.repository';
import { AdminTrainingListItemDto, toAdminTrainingListItem, toTrainingResponse, TrainingResponseDto } from './training-admin.views';

/**
 * Admin reads of trainings: the list (AdminTrainingsRepository: every status, filters, full-text
 * `search`) and one training with its session and cohort counts.
 */
@Service()
export class AdminTrainingsService {
  constructor(
    private readonly rows: AdminTrainingsRepository,
    private readonly trainings: TrainingRepository,
    private readonly urls: StorageUrls,
  ) {}

  async list(query: FetchTrainingDto): Promise<Page<AdminTrainingListItemDto>> {
    const { rows, count } = await this.rows.list(query);
    return toPage(rows.map((row) => toAdminTrainingListItem(row, this.urls)), count, query);
  }

  async get(id: number): Promise<TrainingResponseDto> {
    return this.view(await this.trainings.requireTraining(id));
  }

  /** The TrainingResponseDto of a loaded training; inside a write, pass its transaction. */
  async view(training: TrainingWithProduct, tx?: Transaction): Promise<TrainingResponseDto> {
    return toTrainingResponse(training, await this.rows.structureCounts(training.id, tx), this.urls);
  }
}
