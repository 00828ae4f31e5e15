import { Service } from 'typedi';
import { isForeignKeyViolation, isUniqueViolation, ProductModel, PromotionModel } from '@platform/db';
import { ProductNotFound } from '../../catalog';
import type { CreatePromotionDto } from '../dto/promotion.dto';
import { fieldsFromCreate, promotionShapeProblems } from '../promotion-fields';
import { PromotionView, toPromotionView } from '../promotion.views';
import { PromotionCodeTaken, PromotionShapeInvalid } from '../promotions.errors';

/** Creates a promotion code (stored upper-case, so `summer10` and `SUMMER10` are one code). */
@Service()
export class CreatePromotionUseCase {
  async execute(input: CreatePromotionDto): Promise<PromotionView> {
    const fields = fieldsFromCreate(input);
    const problems = promotionShapeProblems(fields);
    if (problems.length > 0) throw PromotionShapeInvalid(problems);
    if (fields.productId !== null && (await ProductModel.count({ where: { id: fields.productId } })) === 0) {
      throw ProductNotFound();
    }
    try {
      return toPromotionView(await PromotionModel.create({ ...fields, timesUsed: 0 }));
    } catch (error) {
      if (isUniqueViolation(error, 'promotions_code_key')) throw PromotionCodeTaken(fields.code);
      // The product was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw ProductNotFound();
      throw error;
    }
  }
}
