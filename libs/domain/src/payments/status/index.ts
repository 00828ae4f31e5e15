export { PaymentStatusService } from './payment-status.service';
export type { PaymentStatusView } from './payment-status.service';
