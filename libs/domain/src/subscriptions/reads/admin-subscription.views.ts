import type { SubscriptionDetailView, SubscriptionRow, SubscriptionView } from '../views';

/** The subscriber, shown with every admin row. */
export interface SubscriptionUserView {
  id: string;
  email: string;
  fullName: string;
}

/** GET /api/admin/subscriptions: one row. */
export interface AdminSubscriptionListItemView extends SubscriptionView {
  user: SubscriptionUserView;
}

/** GET /api/admin/subscriptions/:id. */
export interface AdminSubscriptionDetailView extends SubscriptionDetailView {
  user: SubscriptionUserView;
}

export interface AdminSubscriptionRow extends SubscriptionRow {
  userEmail: string;
  userFullName: string;
}
