import { Service } from 'typedi';
import type { OrderItem, WhereOptions } from 'sequelize';
import { Database, Op, ProductModel, TrainingCohortModel, TrainingModel, TrainingSessionModel, Transaction } from '@platform/db';
import { pageWindow } from '../../../shared';
import type { TrainingWithProduct } from '../../training.repository';
import { trainingSearchSql } from '../../training-search';
import type { AdminTrainingSort, FetchTrainingDto } from './dto/fetch-training.dto';

/** Sort keys on the training row (the title lives on the product, relevance is the search rank). */
const TRAINING_COLUMNS: Record<Exclude<AdminTrainingSort, 'title' | 'relevance'>, string> = {
  status: 'status',
  isFree: 'isFree',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
};

/**
 * Admin reads of training rows: every status, filters on status, category and tag, and the
 * shared full-text search (trainingSearchSql) over title and description.
 */
@Service()
export class AdminTrainingsRepository {
  constructor(private readonly db: Database) {}

  async list(query: FetchTrainingDto): Promise<{ rows: TrainingWithProduct[]; count: number }> {
    const { sequelize } = this.db;
    // The search text goes in quoted by sequelize.escape, never spliced raw.
    const search = query.search ? trainingSearchSql('"TrainingModel"."search_vector"', sequelize.escape(query.search)) : undefined;
    const where: WhereOptions = {
      ...(query.status !== undefined && { status: query.status }),
      ...(query.categoryId !== undefined && { categoryId: query.categoryId }),
      ...(query.tagId !== undefined && { tagId: query.tagId }),
      ...(search && { [Op.and]: [sequelize.literal(search.match)] }),
    };
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const product = { model: ProductModel, as: 'product' };
    const sort = query.sort as AdminTrainingSort;
    // `relevance` without a search has nothing to rank by: it is updatedAt. The id breaks ties.
    const first: OrderItem =
      sort === 'title'
        ? [product, 'title', direction]
        : sort === 'relevance'
          ? search
            ? [sequelize.literal(search.rank), direction]
            : ['updatedAt', direction]
          : [TRAINING_COLUMNS[sort], direction];
    const { rows, count } = await TrainingModel.findAndCountAll({
      where,
      include: [{ ...product, required: true }],
      order: [first, ['id', direction]],
      ...pageWindow(query),
    });
    return { rows: rows as TrainingWithProduct[], count };
  }

  /** How many sessions and cohorts the training has; inside a write, pass its transaction. */
  async structureCounts(trainingId: number, tx?: Transaction): Promise<{ sessionCount: number; cohortCount: number }> {
    const sessionCount = await TrainingSessionModel.count({ where: { trainingId }, transaction: tx });
    const cohortCount = await TrainingCohortModel.count({ where: { trainingId }, transaction: tx });
    return { sessionCount, cohortCount };
  }
}
