import type { Response } from 'express';
import { CurrentUser, Get, JsonController, Param, QueryParams, Res } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CustomerActor,
  CustomerOrderQueryDto,
  CustomerOrdersService,
  ORDER_DETAIL_SCHEMA,
  ORDER_LIST_ITEM_SCHEMA,
} from '@platform/domain';
import { ApiResponse, CustomerRoute, parseIntegerId, RateLimit, RateLimitPolicy, sendStoredJson, successEnvelopeOfPage } from '@platform/http';

/**
 * learning-commerce.md, "Limits": customer order list, 60 requests per minute per user (web and
 * mobile share the budget).
 */
const ORDER_LIST: RateLimitPolicy = { name: 'orders-list', points: 60, durationSeconds: 60, by: 'actor' };

const CACHE_NOTE =
  'Served from a per-customer cache for up to ORDER_HISTORY_CACHE_TTL_SECONDS (default 120); every change of one of ' +
  "the customer's orders invalidates it.";
const envelope = (data: object, paginated = false) => ({
  '200': {
    description: 'Success',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            data,
            ...(paginated ? { count: { type: 'integer' }, page: { type: 'integer' }, size: { type: 'integer' } } : {}),
          },
        },
      },
    },
  },
});

/** The customer's own orders (learning-commerce.md, "Endpoints → Orders"), on the web and mobile prefixes. */
@Service()
@JsonController()
export class OrdersReadController {
  constructor(private readonly orders: CustomerOrdersService) {}

  @Get('/api/orders')
  @Get('/api/mobile/orders')
  @CustomerRoute()
  @RateLimit(ORDER_LIST)
  @OpenAPI({
    summary: "The caller's orders (OrderListItemResponseDto list, paginated)",
    description:
      'Query: page, size, pagination, status (an order status), sort createdAt (default) | updatedAt, order desc ' +
      `(default) | asc. 60 requests per minute per customer (429 RATE_LIMIT_EXCEEDED with Retry-After). ${CACHE_NOTE}`,
    responses: envelope({ type: 'array', items: ORDER_LIST_ITEM_SCHEMA }, true),
  })
  async list(@CurrentUser() customer: CustomerActor, @QueryParams() query: CustomerOrderQueryDto, @Res() res: Response) {
    return sendStoredJson(res, await this.orders.listJson(customer, query), successEnvelopeOfPage);
  }

  @Get('/api/orders/:id(\\d+)')
  @Get('/api/mobile/orders/:id(\\d+)')
  @CustomerRoute()
  @OpenAPI({
    summary: 'One of the caller\'s orders (OrderDetailResponseDto) with items, status history and payments',
    description:
      'A non-integer id: 400 VALIDATION_ERROR; an unknown id or another customer\'s order: 404 ORDER_NOT_FOUND. ' +
      CACHE_NOTE,
    responses: envelope(ORDER_DETAIL_SCHEMA),
  })
  async get(@CurrentUser() customer: CustomerActor, @Param('id') id: string) {
    return ApiResponse.ok(await this.orders.get(customer, parseIntegerId(id)));
  }
}

