import { OpenAPI } from 'routing-controllers-openapi';
import { SELL_TERMS, TRANSACTION_TYPES } from '@platform/domain';

/**
 * Request bodies of the portfolio routes as OpenAPI schemas with an example each. The domain
 * reads these bodies itself (market-data.md "Errors: Portfolio" wants its messages and `errors`
 * list, not class-validator's), so the routes take `unknown` and document the shape here.
 */

type Schema = Record<string, unknown>;

const money = (description: string): Schema => ({ type: 'number', minimum: 0, description: `${description}; a JSON number or decimal text, at most 2 decimal places` });

const PORTFOLIO_FIELDS: Schema = {
  name: { type: 'string', minLength: 1, maxLength: 100, description: 'trimmed; required on create' },
  description: { type: 'string', nullable: true, maxLength: 500 },
};

const TRANSACTION_FIELDS: Schema = {
  companyId: { type: 'string', format: 'uuid', description: 'the company, as GET /api/market/companies lists it; or give symbol instead (exactly one of the two)' },
  symbol: { type: 'string', maxLength: 20, description: 'in place of companyId: a listed symbol, case-insensitive (an unknown one is 404 `Company not found`)' },
  type: { type: 'string', enum: [...TRANSACTION_TYPES], description: 'case-insensitive' },
  transactedAt: { type: 'string', description: 'YYYY-MM-DD (the start of that Nepal day) or an RFC 3339 timestamp; not in the future', example: '2024-07-01' },
  quantity: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  rate: { type: 'number', minimum: 0.0001, description: 'per unit; a JSON number or decimal text, at most 4 decimal places' },
  amount: money('quantity × rate within ±0.01; the cash of a DIVIDEND'),
  sebonCommission: money('fee'),
  brokerCommission: money('fee'),
  dpFee: money('fee'),
  netAmount: money('BUY: amount + fees; SELL: amount − fees (±0.01)'),
  basePrice: { type: 'number', minimum: 0, description: 'SELL: the purchase price per unit the CGT is computed on; at most 4 decimal places' },
  term: { type: 'string', enum: [...SELL_TERMS], description: 'SELL: the holding term that sets the maximum CGT share' },
  cgtAmount: money('SELL: 0 when rate ≤ basePrice, else at most 7.5 % (short) / 5 % (long) of the gain'),
  notes: { type: 'string', nullable: true, maxLength: 500 },
};

/** `@OpenAPI` of a JSON request body: its schema and the example Swagger UI's "Try it out" starts from. */
const jsonBody = (schema: Schema, example: Schema, required: boolean) =>
  OpenAPI({ requestBody: { required, content: { 'application/json': { schema, example } } } }) as MethodDecorator;

export const PortfolioCreateBody = () =>
  jsonBody({ type: 'object', properties: PORTFOLIO_FIELDS, required: ['name'] }, { name: 'Long term', description: 'Banks and hydropower' }, true);

export const PortfolioUpdateBody = () =>
  jsonBody(
    {
      type: 'object',
      properties: { ...PORTFOLIO_FIELDS, isDefault: { type: 'boolean', enum: [true], description: 'only true: makes this the default; false is refused' } },
    },
    { name: 'Retirement', isDefault: true },
    true,
  );

export const TransactionCreateBody = () =>
  jsonBody(
    { type: 'object', properties: TRANSACTION_FIELDS, required: ['type', 'transactedAt'], description: 'companyId or symbol (exactly one) and the fields the type requires' },
    { symbol: 'NABIL', type: 'BUY', transactedAt: '2024-07-01', quantity: 10, rate: 500, amount: 5000, sebonCommission: 0.75, brokerCommission: 20, dpFee: 25, netAmount: 5045.75, notes: 'first lot' },
    true,
  );

export const TransactionUpdateBody = () =>
  jsonBody(
    { type: 'object', properties: TRANSACTION_FIELDS, description: 'the fields to change (companyId or symbol, not both); merged over the transaction and validated like an add' },
    { rate: 510, amount: 5100, netAmount: 5145.75 },
    true,
  );
