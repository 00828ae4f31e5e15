import type { Request, Response } from 'express';
import { Body, CurrentUser, Delete, Get, HttpCode, JsonController, OnUndefined, Param, Patch, Post, Req, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { CustomerActor, PortfolioHoldingsService, PortfoliosService } from '@platform/domain';
import { ApiResponse, CustomerOnlyRoute, sendStoredJson } from '@platform/http';
import { PortfolioCreateBody, PortfolioUpdateBody } from './portfolio.openapi';

/**
 * A customer's portfolios (market-data.md "Portfolio endpoints and rules"). Thin: bodies and
 * queries are read and judged by the domain, which answers the spec's messages. Another
 * customer's portfolio is 404; there is no 403.
 */
@Service()
@JsonController('/api/v1/market/portfolios')
@CustomerOnlyRoute()
export class PortfoliosController {
  constructor(
    private readonly portfolios: PortfoliosService,
    private readonly holdings: PortfolioHoldingsService,
  ) {}

  @Post()
  @HttpCode(201)
  @OpenAPI({ summary: 'Create a portfolio (name ≤ 100, description ≤ 500); the first one is the default' })
  @PortfolioCreateBody()
  async create(@CurrentUser() customer: CustomerActor, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.portfolios.create(customer.id, body), 'Portfolio created');
  }

  @Get()
  @OpenAPI({ summary: 'The customer’s portfolios (page, size ≤ 100, sort createdAt|updatedAt|name, order asc|desc)' })
  async list(@CurrentUser() customer: CustomerActor, @Req() req: Request) {
    return ApiResponse.page(await this.portfolios.list(customer.id, req.query));
  }

  @Get('/:id')
  @OpenAPI({ summary: 'Portfolio detail with its holding and transaction counts; records lastFetchedAt' })
  detail(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return this.portfolios.detail(customer.id, id);
  }

  @Get('/:id/summary')
  @OpenAPI({ summary: 'Invested, current value, realised and unrealised gain, dividend income and day change (cached 30 s)' })
  async summary(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Res() res: Response) {
    return sendStoredJson(res, await this.holdings.summaryJson(customer.id, id));
  }

  @Get('/:id/holdings')
  @OpenAPI({
    summary: 'Companies held (units > 0), paginated',
    description: 'sort currentValue (default) | invested | units | unrealisedGain | unrealisedGainPercent | dayChange | symbol; order desc (default) | asc.',
  })
  async holdingsOf(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Req() req: Request) {
    return ApiResponse.page(await this.holdings.list(customer.id, id, req.query));
  }

  @Patch('/:id')
  @OpenAPI({ summary: 'Rename, describe, or make the default (isDefault: true; false is refused)' })
  @PortfolioUpdateBody()
  async update(@CurrentUser() customer: CustomerActor, @Param('id') id: string, @Body({ validate: false, required: false }) body: unknown) {
    return ApiResponse.ok(await this.portfolios.update(customer.id, id, body), 'Portfolio updated');
  }

  @Delete('/:id')
  @OnUndefined(204)
  @OpenAPI({ summary: 'Delete a portfolio and its transactions (soft); a deleted default hands the flag to the oldest one left' })
  async remove(@CurrentUser() customer: CustomerActor, @Param('id') id: string): Promise<void> {
    await this.portfolios.remove(customer.id, id);
  }
}
