import { renderSimplePage } from './payment-result.page';

const FIELDS: Array<[string, string]> = [
  ['payment_status', 'Status'],
  ['payment_id', 'Payment'],
  ['reference_type', 'Reference type'],
  ['reference_id', 'Order'],
];

/**
 * GET /api/payments/return-demo: what a frontend's returnUrl page would be, for a machine without
 * one. It echoes (escaped) what the result page appended; a real frontend reads the order instead.
 */
export function renderReturnDemoPage(query: Record<string, unknown>): string {
  const facts = FIELDS.flatMap(([name, label]): Array<[string, string]> => {
    const value = query[name];
    return typeof value === 'string' && value !== '' ? [[label, value.slice(0, 64)]] : [];
  });
  return renderSimplePage({
    title: 'Back from the payment',
    status: 'returned',
    text: 'The payment came back to the shop. A real frontend would now show the order (GET /api/orders/{id}).',
    facts,
    footer: '<p>This is the demo return page of customer-api; use your own frontend\'s URL as returnUrl.</p>',
  });
}
