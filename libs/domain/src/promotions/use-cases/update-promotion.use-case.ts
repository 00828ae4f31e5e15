import { Service } from 'typedi';
import { Database, isForeignKeyViolation, isUniqueViolation, ProductModel } from '@platform/db';
import { ProductNotFound } from '../../catalog';
import type { UpdatePromotionDto } from '../dto/promotion.dto';
import { mergeUpdate, PromotionFields, promotionShapeProblems } from '../promotion-fields';
import { PromotionView, toPromotionView } from '../promotion.views';
import { PromotionCodeTaken, PromotionShapeInvalid, UsageLimitBelowTimesUsed } from '../promotions.errors';
import { PromotionsService } from '../promotions.service';

/**
 * Updates a promotion; the merged result must satisfy the same rules as a new one. The row is
 * locked, so a usage limit is never lowered below a use that a concurrent redemption just made.
 */
@Service()
export class UpdatePromotionUseCase {
  constructor(
    private readonly db: Database,
    private readonly promotions: PromotionsService,
  ) {}

  async execute(id: number, input: UpdatePromotionDto): Promise<PromotionView> {
    let fields: PromotionFields | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const promotion = await this.promotions.load(id, tx, true);
        fields = mergeUpdate(promotion.get({ plain: true }) as PromotionFields, input);
        const problems = promotionShapeProblems(fields);
        if (problems.length > 0) throw PromotionShapeInvalid(problems);
        if (fields.usageLimit !== null && fields.usageLimit < promotion.timesUsed) {
          throw UsageLimitBelowTimesUsed(promotion.timesUsed);
        }
        if (input.productId && (await ProductModel.count({ where: { id: input.productId }, transaction: tx })) === 0) {
          throw ProductNotFound();
        }
        promotion.set(fields);
        return toPromotionView(await promotion.save({ transaction: tx }));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'promotions_code_key')) throw PromotionCodeTaken(fields?.code ?? '');
      if (isForeignKeyViolation(error)) throw ProductNotFound();
      throw error;
    }
  }
}
