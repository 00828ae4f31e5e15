import { Constructable, ContainerInstance, Service } from 'typedi';
import { OrderItemModel, OrderModel, ProductType, Transaction } from '@platform/db';
import type { FulfilmentHandler, FulfilmentRevokeReason } from './fulfilment-handler';
import { ProductAccessFulfilmentService } from './product-access-fulfilment.service';

/**
 * The handlers of every product type an order can hold (one handler per type). A new type
 * (training, subscription plans) is fulfilled by writing its FulfilmentHandler and listing it
 * here; an order line of a type nobody handles makes the payment fail loudly instead of being
 * paid without giving anything.
 */
export const FULFILMENT_HANDLERS: ReadonlyArray<Constructable<FulfilmentHandler>> = [ProductAccessFulfilmentService];

/**
 * The fulfilment registry, keyed by product type. OrderTransitionService calls it from the one
 * transition that moved an order into paid (fulfil), or into cancelled after payment or
 * refund_approved (revoke), in that transaction: a replayed or concurrent payment moves no row a
 * second time, so each order is fulfilled, and revoked, at most once.
 */
@Service({ factory: (container: ContainerInstance) => new OrderFulfilmentService(FULFILMENT_HANDLERS.map((type) => container.get(type))) })
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

  async fulfil(order: OrderModel, tx: Transaction): Promise<void> {
    for (const [handler, items] of await this.linesByHandler(order, tx)) await handler.fulfil(order, items, tx);
  }

  async revoke(order: OrderModel, reason: FulfilmentRevokeReason, tx: Transaction): Promise<void> {
    for (const [handler, items] of await this.linesByHandler(order, tx)) await handler.revoke(order, items, reason, tx);
  }

  /** Every line is matched to its handler before any handler runs, so a missing one changes nothing. */
  private async linesByHandler(order: OrderModel, tx: Transaction): Promise<Map<FulfilmentHandler, OrderItemModel[]>> {
    const items = await OrderItemModel.findAll({ where: { orderId: order.id }, order: [['id', 'ASC']], transaction: tx });
    const lines = new Map<FulfilmentHandler, OrderItemModel[]>();
    for (const item of items) {
      const handler = this.handlers.get(item.productType);
      if (!handler) throw new Error(`No fulfilment handler for product type ${item.productType} (order ${order.id}): add one to FULFILMENT_HANDLERS`);
      lines.set(handler, [...(lines.get(handler) ?? []), item]);
    }
    return lines;
  }
}
