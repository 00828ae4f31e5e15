import { Service } from 'typedi';
import { Op, PromotionModel, Transaction, WhereOptions } from '@platform/db';
import { containsPattern, isRowId, Page, pageWindow, toPage } from '../shared';
import type { PromotionQueryDto } from './dto/promotion-query.dto';
import { normalizeCode } from './promotion-fields';
import { PromotionView, toPromotionView } from './promotion.views';
import { PromotionNotFound } from './promotions.errors';


/** Reads of promotion codes; `lock` takes the row FOR UPDATE inside the caller's transaction. */
@Service()
export class PromotionsService {
  async list(query: PromotionQueryDto): Promise<Page<PromotionView>> {
    const where: WhereOptions<PromotionModel> = {};
    if (query.isActive !== undefined) where.isActive = query.isActive;
    if (query.search) where.code = { [Op.iLike]: containsPattern(query.search) };
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const { rows, count } = await PromotionModel.findAndCountAll({
      where,
      order: [
        [query.sort, direction],
        ['id', direction],
      ],
      ...pageWindow(query),
    });
    return toPage(rows.map(toPromotionView), count, query);
  }

  async get(id: number): Promise<PromotionView> {
    return toPromotionView(await this.load(id));
  }

  /** The promotion, or PromotionNotFound. */
  async load(id: number, tx?: Transaction, lock = false): Promise<PromotionModel> {
    if (!isRowId(id)) throw PromotionNotFound();
    const promotion = await PromotionModel.findByPk(id, lockOptions(tx, lock));
    if (!promotion) throw PromotionNotFound();
    return promotion;
  }

  /** The promotion a code names, in any case, or null. */
  findByCode(code: string, tx?: Transaction, lock = false): Promise<PromotionModel | null> {
    return PromotionModel.findOne({ where: { code: normalizeCode(code) }, ...lockOptions(tx, lock) });
  }
}

const lockOptions = (tx: Transaction | undefined, lock: boolean) => ({
  transaction: tx,
  lock: lock && tx ? tx.LOCK.UPDATE : undefined,
});
