import { Body, Delete, Get, HttpCode, JsonController, Param, Patch, Post, QueryParams } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import {
  CreatePromotionDto,
  CreatePromotionUseCase,
  DeletePromotionUseCase,
  PromotionQueryDto,
  PromotionsService,
  UpdatePromotionDto,
  UpdatePromotionUseCase,
} from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

const PROMOTION_FIELDS =
  'data is a promotion: id, code (upper-case), description, discountType (percent | fixed), percent, discountPaisa, ' +
  'productId (null: any product), startsAt, endsAt, usageLimit, perUserLimit, timesUsed (uses not released), isActive, ' +
  'createdAt, updatedAt.';

const BODY_RULES =
  'code: 3-50 letters, digits, _ or -, unique in any case (409 CONFLICT). A percent code needs percent (1-100) and no ' +
  'discountPaisa; a fixed code needs discountPaisa (positive paisa) and no percent. productId must name a product (404). ' +
  'startsAt and endsAt are ISO 8601 with startsAt before endsAt. usageLimit and perUserLimit are positive integers.';

@Service()
@JsonController('/api/admin/promotions')
export class AdminPromotionsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly createPromotion: CreatePromotionUseCase,
    private readonly updatePromotion: UpdatePromotionUseCase,
    private readonly deletePromotion: DeletePromotionUseCase,
  ) {}

  @Get()
  @RequirePermission('Promotions_READ')
  @OpenAPI({
    summary: 'List promotion codes',
    description:
      'QueryDto list: page, size (max 100), pagination, sort (createdAt | updatedAt | code; default updatedAt), order ' +
      '(asc | desc; default desc), search (in the code, any case), isActive (true | false).',
  })
  async list(@QueryParams() query: PromotionQueryDto) {
    return ApiResponse.page(await this.promotions.list(query));
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('Promotions_CREATE')
  @OpenAPI({
    summary: 'Create a promotion code',
    description: `Body: code, description?, discountType, percent?, discountPaisa?, productId?, startsAt?, endsAt?, usageLimit?, perUserLimit?, isActive? (default true). ${BODY_RULES} ${PROMOTION_FIELDS}`,
  })
  async create(@Body() dto: CreatePromotionDto) {
    return ApiResponse.ok(await this.createPromotion.execute(dto), 'Promotion created successfully');
  }

  @Get('/:id(\\d+)')
  @RequirePermission('Promotions_READ')
  @OpenAPI({ summary: 'Get a promotion code with its use count', description: PROMOTION_FIELDS })
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.promotions.get(id));
  }

  @Patch('/:id(\\d+)')
  @RequirePermission('Promotions_UPDATE')
  @OpenAPI({
    summary: 'Update a promotion code',
    description:
      'Any of the create fields; null clears description, percent, discountPaisa, productId, startsAt, endsAt, usageLimit and ' +
      'perUserLimit. The merged result must satisfy the create rules; switching discountType drops the other amount unless ' +
      `it is sent. usageLimit below timesUsed is 400. ${BODY_RULES} ${PROMOTION_FIELDS}`,
  })
  async update(@Param('id') id: number, @Body() dto: UpdatePromotionDto) {
    return ApiResponse.ok(await this.updatePromotion.execute(id, dto), 'Promotion updated successfully');
  }

  @Delete('/:id(\\d+)')
  @RequirePermission('Promotions_DELETE')
  @OpenAPI({
    summary: 'Delete a promotion code that was never used',
    description: 'A code that has been used is order history: 409 CONFLICT, deactivate it instead (isActive: false). data is { id }.',
  })
  async remove(@Param('id') id: number) {
    return ApiResponse.ok(await this.deletePromotion.execute(id), 'Promotion deleted successfully');
  }
}
