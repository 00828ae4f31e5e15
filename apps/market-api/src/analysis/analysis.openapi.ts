/**
 * OpenAPI building blocks shared by every stock-analysis route (company data and valuation;
 * market-data.md "Stock analysis", CONTRACT sections 4 and 8): one definition of the metric value.
 */

export type Schema = Record<string, unknown>;

export const object = (properties: Schema, extra: Schema = {}) => ({ type: 'object', properties, ...extra });
export const array = (items: Schema) => ({ type: 'array', items });

/** market-data.md "Metric value": `{ value?, source, status }`, value present exactly when status is valid. */
export const METRIC_VALUE = object(
  {
    value: { type: 'number', description: 'present exactly when status is valid' },
    source: { type: 'string', enum: ['mdp', 'computed', 'manual_swp'] },
    status: { type: 'string', enum: ['valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort'] },
  },
  { required: ['source', 'status'] },
);

/** The error body of every stock-analysis refusal. */
export const ERROR = { content: { 'application/json': { schema: object({ message: { type: 'string' }, errorCode: { type: 'string' } }) } } };

/** Responses of a per-company route: 200 `{ message, data }`, 400, 404 and 429. */
export const envelope = (data: Schema, summary = 'Success') => ({
  '200': { description: summary, content: { 'application/json': { schema: object({ message: { type: 'string' }, data }) } } },
  '400': { description: '`symbol is required`, or a query value outside its whitelist (checked before the symbol is looked up)', ...ERROR },
  '404': { description: '`Company not found`', ...ERROR },
  '429': { description: 'more than 30 stock-analysis requests per minute from this IP', ...ERROR },
});
