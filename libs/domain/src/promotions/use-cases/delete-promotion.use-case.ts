import { Service } from 'typedi';
import { Database, isForeignKeyViolation, PromotionRedemptionModel } from '@platform/db';
import { PromotionUsed } from '../promotions.errors';
import { PromotionsService } from '../promotions.service';

/**
 * Deletes a code that was never used. A used code (even one whose uses were all released) is
 * part of order history: it stays, and the admin deactivates it instead (409).
 */
@Service()
export class DeletePromotionUseCase {
  constructor(
    private readonly db: Database,
    private readonly promotions: PromotionsService,
  ) {}

  async execute(id: number): Promise<{ id: number }> {
    try {
      return await this.db.transaction(async (tx) => {
        const promotion = await this.promotions.load(id, tx, true);
        const uses = await PromotionRedemptionModel.count({ where: { promotionId: promotion.id }, transaction: tx });
        if (uses > 0 || promotion.timesUsed > 0) throw PromotionUsed();
        await promotion.destroy({ transaction: tx });
        return { id: promotion.id };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw PromotionUsed();
      throw error;
    }
  }
}
