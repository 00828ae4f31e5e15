/** PaymentInitResponseDto (learning-commerce.md, "Order"): what checkout, buy-now and enroll answer. */
export interface PaymentInitView {
  orderId: number;
  status: 'payment_pending';
  paymentId: number;
  gatewayTransactionId: string;
  initiationType: 'form_post' | 'redirect';
  redirectUrl: string;
  /** form_post: the eleven eSewa form fields; redirect (Khalti): `{ pidx }`. All values are strings. */
  gatewayPayload: Record<string, string>;
}

export const PAYMENT_INIT_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    orderId: { type: 'integer' },
    status: { type: 'string', enum: ['payment_pending'] },
    paymentId: { type: 'integer' },
    gatewayTransactionId: { type: 'string' },
    initiationType: { type: 'string', enum: ['form_post', 'redirect'] },
    redirectUrl: { type: 'string' },
    gatewayPayload: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/**
 * The answer for an order with nothing to pay (a free training, a 100% code; only where the
 * placing context allows it): no payment, no gateway; the order is already `paid`.
 */
export interface FreeOrderView {
  orderId: number;
  status: 'paid';
  paymentId: null;
  gatewayTransactionId: null;
  initiationType: 'none';
  redirectUrl: null;
  gatewayPayload: Record<string, never>;
}
