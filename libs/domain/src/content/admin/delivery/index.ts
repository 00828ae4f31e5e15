/** Admin newsletter sends (issue 24 "Admin", "Delivery"): send-email, send-push and the item's delivery statuses. */
export { SendContentItemUseCase } from './use-cases/send-content-item.use-case';
export { ContentItemDeliveriesService } from './content-item-deliveries.service';
export type { ContentItemDeliveriesView } from './content-item-deliveries.service';
