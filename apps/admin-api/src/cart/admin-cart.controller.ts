import { Get, JsonController, Param } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import { ADMIN_CART_VIEW_SCHEMA, CartsService } from '@platform/domain';
import { ApiResponse, RequirePermission } from '@platform/http';

/**
 * Support view of a customer's cart (learning-commerce.md, "Endpoints → Cart"). The spec leaves its
 * permission open ("Authentication"); a cart is the order-to-be, so reading it takes `Orders_READ`,
 * the permission that already reads the orders made from it.
 */
@Service()
@JsonController('/api/admin/cart')
export class AdminCartController {
  constructor(private readonly carts: CartsService) {}

  @Get('/users/:userId')
  @RequirePermission('Orders_READ')
  @OpenAPI({
    summary: "A customer's active cart (support view)",
    description:
      "The user's active cart as stored, read live (never from the customer cache) and without changing it: an expired " +
      'cart that is still active is shown with isExpired: true (nothing is created, abandoned or re-priced by this read). ' +
      'No active cart, or no such user: 404 CART_NOT_FOUND. data is the customer cart ({ id, status, items: [{ id, ' +
      'productId, productType, title, slug, unitMrp, unitSp, quantity }], totalMrp, totalSp, appliedPromotionId, ' +
      'appliedPromotionCode, appliedDiscount, payable, expiresAt }; integer paisa) plus userId, isExpired, createdAt, updatedAt.',
    responses: {
      '200': {
        description: 'The active cart',
        content: {
          'application/json': { schema: { type: 'object', properties: { message: { type: 'string' }, data: ADMIN_CART_VIEW_SCHEMA } } },
        },
      },
    },
  })
  async activeCart(@Param('userId') userId: string) {
    return ApiResponse.ok(await this.carts.activeCartOf(userId));
  }
}
