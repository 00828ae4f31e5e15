import { Service } from 'typedi';
import type { WhereOptions } from 'sequelize';
import { ContentSeriesModel, Op, Transaction } from '@platform/db';
import { containsPattern, isRowId, pageWindow } from '../../../shared';
import { ContentSeriesNotFound } from '../../content.errors';
import type { AdminContentSeriesSort, ContentSeriesQueryDto } from './dto/content-series-query.dto';

/**
 * Series rows for the admin routes, and their series-level tier rules. Writers lock the series
 * row first (`requireSeries(id, tx, true)`), so a PATCH, a tier change and a delete of one series
 * queue up instead of interleaving.
 */
@Service()
export class ContentSeriesRepository {
  async requireSeries(id: number, tx?: Transaction, lock = false): Promise<ContentSeriesModel> {
    const series = isRowId(id) ? await ContentSeriesModel.findByPk(id, { transaction: tx, lock: lock && tx ? tx.LOCK.UPDATE : undefined }) : null;
    if (!series) throw ContentSeriesNotFound();
    return series;
  }

  /** Every status unless filtered; `search` is a case-insensitive substring of the title or the slug; ties by id. */
  async list(query: ContentSeriesQueryDto): Promise<{ rows: ContentSeriesModel[]; count: number }> {
    const pattern = query.search ? containsPattern(query.search) : undefined;
    const where: WhereOptions = {
      ...(query.status !== undefined && { status: query.status }),
      ...(pattern && { [Op.or]: [{ title: { [Op.iLike]: pattern } }, { slug: { [Op.iLike]: pattern } }] }),
    };
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    return ContentSeriesModel.findAndCountAll({
      where,
      order: [[query.sort as AdminContentSeriesSort, direction], ['id', direction]],
      ...pageWindow(query),
    });
  }

}
