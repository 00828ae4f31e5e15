import type { Request } from 'express';
import { Body, CurrentUser, Delete, Get, HeaderParam, HttpCode, JsonController, OnUndefined, Param, Patch, Post, Req } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { AddPortfolioTransactionUseCase, CustomerActor, PortfolioTransactionsService } from '@platform/domain';
import { ApiParameters, ApiResponse, CustomerOnlyRoute, idempotencyKeyParameter } from '@platform/http';
import { TransactionCreateBody, TransactionUpdateBody } from './portfolio.openapi';

const SHAPES =
  'The company: companyId (GET /api/market/companies lists the ids) or symbol, exactly one of the two; an unknown one is 404. ' +
  'BUY: quantity, rate, amount, sebonCommission, brokerCommission, dpFee, netAmount (= amount + fees). SELL: those (netAmount = ' +
  'amount − fees) and basePrice, term (short|long), cgtAmount (0 when rate ≤ basePrice, else at most 7.5 % short / 5 % long of the ' +
  'gain). IPO, FPO, RIGHTS, AUCTION: quantity, rate, amount (fees optional). DIVIDEND: amount. BONUS: quantity (cost at par). ' +
  'amount = quantity × rate within ±0.01. Fields a type does not use are dropped. transactedAt: YYYY-MM-DD (a Nepal day) or RFC 3339, ' +
  'not in the future. A SELL beyond the units held at its point of the timeline, or any change leaving one, is 422.';

const IDEMPOTENCY_KEY = idempotencyKeyParameter({
  required: false,
  description:
    'Optional, 1-255 visible characters, unique per add (a UUID). A retry with the same key and the same body answers the first ' +
    '201 again and records nothing; with another body, or while the first request still runs: 409 CONFLICT. Keys are ' +
    'kept IDEMPOTENCY_KEY_TTL_HOURS (24 h); a refused add (400, 404, 422) frees its key.',
});

/** A portfolio's transactions (market-data.md "Portfolio endpoints and rules"). Thin: the domain validates, replays and answers. */
@Service()
@JsonController('/api/v1/market/portfolios/:id/transactions')
@CustomerOnlyRoute()
export class PortfolioTransactionsController {
  constructor(
    private readonly transactions: PortfolioTransactionsService,
    private readonly addTransaction: AddPortfolioTransactionUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @OpenAPI({ summary: 'Add a transaction', description: SHAPES })
  @TransactionCreateBody()
  @ApiParameters(IDEMPOTENCY_KEY)
  async add(
    @CurrentUser() customer: CustomerActor,
    @Param('id') id: string,
    @HeaderParam('Idempotency-Key', { type: String }) idempotencyKey: string | undefined,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.addTransaction.execute(customer.id, id, body, idempotencyKey), 'Transaction added');
  }

  @Get()
  @OpenAPI({
    summary: 'The portfolio’s transactions, newest first',
    description: 'Filters: type (comma-separated and/or repeated), from, to (YYYY-MM-DD Nepal day or RFC 3339, inclusive). page, size ≤ 100, sort transactedAt (default) | createdAt, order desc (default) | asc.',
  })
  async list(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Req() req: Request) {
    return ApiResponse.page(await this.transactions.list(customer.id, id, req.query));
  }

  @Patch('/:txId')
  @OpenAPI({ summary: 'Update a transaction: the fields given are merged over it and the result is validated like an add', description: SHAPES })
  @TransactionUpdateBody()
  async update(
    @CurrentUser() customer: CustomerActor,
    @Param('id') id: string,
    @Param('txId') txId: string,
    @Body({ validate: false, required: false }) body: unknown,
  ) {
    return ApiResponse.ok(await this.transactions.update(customer.id, id, txId, body), 'Transaction updated');
  }

  @Delete('/:txId')
  @OnUndefined(204)
  @OpenAPI({ summary: 'Delete a transaction (soft); 422 when a later SELL would then exceed the units held' })
  async remove(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Param('txId') txId: string): Promise<void> {
    await this.transactions.remove(customer.id, id, txId);
  }
}
