/**
 * JSON schemas of CartView and AdminCartView (cart.views.ts), for the apps' OpenAPI documents:
 * the spec leaves the cart's shape open ("not shown"), so the document is where clients read it.
 * Kept beside the view types so the two change together.
 */
const paisa = (description: string) => ({ type: 'integer', minimum: 0, description: `${description} (integer paisa)` });

const CART_ITEM_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'cart item id (DELETE .../items/:itemId)' },
    productId: { type: 'integer' },
    productType: { type: 'string', enum: ['course', 'digital_book'] },
    title: { type: 'string', description: "the product's current title" },
    slug: { type: 'string', description: "the product's current slug" },
    unitMrp: paisa('mrp snapshot taken when the item was added'),
    unitSp: paisa('selling-price snapshot taken when the item was added'),
    quantity: { type: 'integer', enum: [1], description: 'always 1: digital products are bought once' },
  },
};

const CART_PROPERTIES = {
  id: { type: 'integer' },
  status: { type: 'string', enum: ['active'] },
  items: { type: 'array', items: CART_ITEM_SCHEMA, description: 'in the order they were added' },
  totalMrp: paisa('sum of unitMrp × quantity'),
  totalSp: paisa('sum of unitSp × quantity'),
  appliedPromotionId: { type: 'integer', nullable: true },
  appliedPromotionCode: { type: 'string', nullable: true, description: 'upper-case' },
  appliedDiscount: paisa('never negative, never above totalSp'),
  payable: paisa('totalSp − appliedDiscount; there is no delivery fee'),
  expiresAt: { type: 'string', format: 'date-time', description: 'CART_TTL_HOURS after the last change' },
};

export const CART_VIEW_SCHEMA = { type: 'object', properties: CART_PROPERTIES };

export const ADMIN_CART_VIEW_SCHEMA = {
  type: 'object',
  properties: {
    ...CART_PROPERTIES,
    userId: { type: 'string', format: 'uuid' },
    isExpired: { type: 'boolean', description: "past expiresAt: the customer's next GET replaces it with an empty cart" },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};
