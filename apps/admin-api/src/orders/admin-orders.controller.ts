import { Body, CurrentUser, Get, HttpCode, JsonController, Param, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  AddNoteDto,
  AddOrderNoteUseCase,
  AdminActor,
  AdminOrderQueryDto,
  AdminOrdersService,
  ORDER_ADMIN_DETAIL_SCHEMA,
  ORDER_ADMIN_LIST_ITEM_SCHEMA,
  ORDER_ADMIN_NOTE_SCHEMA,
} from '@platform/domain';
import { ApiResponse, parseIntegerId, RateLimit, RequirePermission } from '@platform/http';
import { ADMIN_ORDER_LIST_RATE_LIMIT, ADMIN_ORDER_MUTATION_RATE_LIMIT } from './admin-order-rate-limits';

const CACHE_NOTE =
  'Served from a cache for up to ORDER_ADMIN_CACHE_TTL_SECONDS (default 60); every order change (state, notes) invalidates it.';

const envelope = (status: '200' | '201', data: object, paginated = false) => ({
  [status]: {
    description: status === '201' ? 'Created' : 'Success',
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

/** Back-office reads of orders and admin notes (learning-commerce.md, "Endpoints → Orders", admin routes). */
@Service()
@JsonController('/api/admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly orders: AdminOrdersService,
    private readonly addNote: AddOrderNoteUseCase,
  ) {}

  @Get()
  @RequirePermission('Orders_READ')
  @RateLimit(ADMIN_ORDER_LIST_RATE_LIMIT)
  @OpenAPI({
    summary: 'Every customer\'s orders (OrderAdminListItemDto list, paginated)',
    description:
      'Query: page (1), size (20; above 100 is capped to 100), pagination (true; false returns every matching order), ' +
      'status (an order status), paymentMethod (online), paymentStatus (pending | completed | failed: the order states shown ' +
      'with it), orderType (digital | training), refundStatus (requested | pending | approved | rejected), refundOwed (true: money still owed back on a payment, see refund-settled; false: none), search (a substring ' +
      "of the order number or of the customer's full name, email or phone, in any case; trimmed; % and _ are literal; blank " +
      'searches nothing), sort createdAt (default) | updatedAt, order desc (default) | asc; ties are broken by id. An unknown ' +
      'value: 400 VALIDATION_ERROR. 60 requests per minute per admin (429 RATE_LIMIT_EXCEEDED with Retry-After; not ' +
      'enforced while Redis is unreachable, when the list is read from the database). ' +
      CACHE_NOTE,
    responses: envelope('200', { type: 'array', items: ORDER_ADMIN_LIST_ITEM_SCHEMA }, true),
  })
  async list(@QueryParams() query: AdminOrderQueryDto) {
    return ApiResponse.page(await this.orders.list(query));
  }

  @Get('/:id(\\d+)')
  @RequirePermission('Orders_READ')
  @OpenAPI({
    summary: 'One order (OrderAdminDetailDto) with items, status history, notes and payments',
    description: `A non-integer id: 400 VALIDATION_ERROR; an unknown id: 404 ORDER_NOT_FOUND. ${CACHE_NOTE}`,
    responses: envelope('200', ORDER_ADMIN_DETAIL_SCHEMA),
  })
  async get(@Param('id') id: string) {
    return ApiResponse.ok(await this.orders.get(parseIntegerId(id)));
  }

  @Post('/:id(\\d+)/notes')
  @HttpCode(201)
  @RequirePermission('Orders_UPDATE')
  @RateLimit(ADMIN_ORDER_MUTATION_RATE_LIMIT)
  @OpenAPI({
    summary: 'Add a note to an order (AddNoteDto → OrderAdminNoteResponseDto)',
    description:
      'Body: { note } (1-1000 characters after trimming). Notes are append-only: they cannot be edited or deleted. The ' +
      "note is recorded under the admin token's sub; the order's status does not change. A non-integer id: 400 " +
      'VALIDATION_ERROR; an unknown id: 404 ORDER_NOT_FOUND. 20 order mutations per minute per admin, shared with cancel ' +
      'and process-refund (429 RATE_LIMIT_EXCEEDED).',
    responses: envelope('201', ORDER_ADMIN_NOTE_SCHEMA),
  })
  async createNote(@CurrentUser() admin: AdminActor, @Param('id') id: string, @Body() dto: AddNoteDto) {
    return ApiResponse.ok(await this.addNote.execute(admin, parseIntegerId(id), dto), 'Note added successfully');
  }
}

