import { ContainerInstance, Service } from 'typedi';
import { OrderItemModel, OrderModel, ProductType, Transaction } from '@platform/db';
import { FULFILMENT_HANDLERS } from '../../shared';
import type { FulfilmentHandler, FulfilmentReleaseReason, FulfilmentRevokeReason } from '../../shared';

/** The handlers the app's composition root registered under FULFILMENT_HANDLERS, built in its container. */
function registeredHandlers(container: ContainerInstance): FulfilmentHandler[] {
  if (!container.has(FULFILMENT_HANDLERS)) {
    throw new Error(`No fulfilment handlers in container ${String(container.id)}: build it with createAppContainer (libs/runtime), which registers them`);
  }
  return container.get(FULFILMENT_HANDLERS).map((type) => container.get(type));
}

/**
 * The fulfilment registry, keyed by product type, of the handlers the app registered
 * (FULFILMENT_HANDLERS: orders never imports the contexts that fulfil). OrderTransitionEffects
 * calls it from the one transition that moved an order, in that transaction: a replayed or
 * concurrent payment moves no row a second time, so each order is fulfilled, revoked or released
 * at most once. OrderWriter asks it first (assertFulfillable), so no order is ever placed, and no
 * money taken, for a line nobody can fulfil.
 */
@Service({ factory: (container: ContainerInstance) => new OrderFulfilmentService(registeredHandlers(container)) })
export class OrderFulfilmentService {
  private readonly handlers = new Map<ProductType, FulfilmentHandler>();

  constructor(handlers: readonly FulfilmentHandler[]) {
    for (const handler of handlers) {
      for (const type of handler.productTypes) {
        if (this.handlers.has(type)) throw new Error(`Two fulfilment handlers for product type ${type}`);
        this.handlers.set(type, handler);
      }
    }
  }

  /**
   * Refuses product types no handler fulfils. A plain Error (a 500), not a DomainError: every
   * route refuses what it does not sell before this (buy-now: trainings; the cart's CHECK: only
   * courses and books), so reaching it means an app was composed without a handler.
   */
  assertFulfillable(productTypes: readonly ProductType[]): void {
    const missing = [...new Set(productTypes.filter((type) => !this.handlers.has(type)))];
    if (missing.length > 0) throw new Error(`No fulfilment handler for product type ${missing.join(', ')}: register one under FULFILMENT_HANDLERS`);
  }

  async fulfil(order: OrderModel, tx: Transaction): Promise<void> {
    for (const [handler, items] of await this.linesByHandler(order, tx)) await handler.fulfil(order, items, tx);
  }

  async revoke(order: OrderModel, reason: FulfilmentRevokeReason, tx: Transaction): Promise<void> {
    for (const [handler, items] of await this.linesByHandler(order, tx)) await handler.revoke(order, items, reason, tx);
  }

  async release(order: OrderModel, reason: FulfilmentReleaseReason, tx: Transaction): Promise<void> {
    for (const [handler, items] of await this.linesByHandler(order, tx)) await handler.release(order, items, reason, tx);
  }

  /** Every line is matched to its handler before any handler runs, so a missing one changes nothing. */
  private async linesByHandler(order: OrderModel, tx: Transaction): Promise<Map<FulfilmentHandler, OrderItemModel[]>> {
    const items = await OrderItemModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']], transaction: tx });
    this.assertFulfillable(items.map((item) => item.productType));
    const lines = new Map<FulfilmentHandler, OrderItemModel[]>();
    for (const item of items) {
      const handler = this.handlers.get(item.productType) as FulfilmentHandler;
      lines.set(handler, [...(lines.get(handler) ?? []), item]);
    }
    return lines;
  }
}
