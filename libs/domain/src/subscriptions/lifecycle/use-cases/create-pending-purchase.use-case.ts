import { Service } from 'typedi';
import { v7 as uuidv7 } from 'uuid';
import { Database, SubscriptionModel, SubscriptionPlanPriceModel } from '@platform/db';
import { SubscriptionPriceNotFound } from '../../subscriptions.errors';
import { isUuid, SubscriptionDetailView, SubscriptionReader } from '../../views';
import { SubscriptionJournal } from '../subscription-journal';
import { SubscriptionWindows } from '../subscription-windows';

export interface CreatePendingPurchaseInput {
  userId: string;
  planPriceId: string;
  /** The payment's reference at the gateway (≤ 200). */
  paymentReference: string;
}

/**
 * Internal operation (learning-commerce.md, "Subscriptions (customer)": pending-purchase creation
 * exists only internally, no route): a pending_payment purchase of one price, worth its spNpr,
 * with no window until its payment is confirmed (ActivatePurchaseUseCase).
 */
@Service()
export class CreatePendingPurchaseUseCase {
  constructor(
    private readonly db: Database,
    private readonly windows: SubscriptionWindows,
    private readonly journal: SubscriptionJournal,
    private readonly reader: SubscriptionReader,
  ) {}

  async execute(input: CreatePendingPurchaseInput): Promise<SubscriptionDetailView> {
    const id = await this.db.transaction(async (tx) => {
      const price = isUuid(input.planPriceId) ? await SubscriptionPlanPriceModel.findByPk(input.planPriceId, { transaction: tx }) : null;
      if (!price) throw SubscriptionPriceNotFound();
      const plan = await this.windows.plan(price.planId, tx);
      const purchase = await SubscriptionModel.create(
        {
          id: uuidv7(),
          userId: input.userId,
          moduleId: plan.moduleId,
          planId: plan.id,
          planPriceId: price.id,
          status: 'pending_payment',
          source: 'purchase',
          valueNpr: price.spNpr,
          paymentReference: input.paymentReference,
        },
        { transaction: tx },
      );
      await this.journal.record({ subscription: purchase, action: 'purchase_created', actor: { type: 'customer', id: input.userId } }, tx);
      return purchase.id;
    });
    return this.reader.detail(id);
  }
}
