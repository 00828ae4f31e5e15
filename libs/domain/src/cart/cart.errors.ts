import { DomainError } from '../shared';

/** learning-commerce.md, "Errors → Cart"; statuses of the codes the spec leaves open: CONTRACT.md section 4. */
export const CartProductNotFound = () => new DomainError('CART_PRODUCT_NOT_FOUND', 'This product does not exist');
export const CartProductNotAvailable = () =>
  new DomainError('CART_PRODUCT_NOT_AVAILABLE', 'This product is not available for sale');
export const CartTrainingNotAllowed = () =>
  new DomainError('CART_TRAINING_NOT_ALLOWED', 'Trainings cannot be added to the cart; enroll in the training instead');
export const CartItemDuplicate = () => new DomainError('CART_ITEM_DUPLICATE', 'This product is already in your cart');
export const CartNotFound = () => new DomainError('CART_NOT_FOUND', 'You have no active cart');
export const CartItemAccessDenied = () =>
  new DomainError('CART_ITEM_ACCESS_DENIED', 'This item belongs to another cart');
/** An item id that names no line of the caller's active cart (the spec has no cart code for it). */
export const CartItemNotFound = () => new DomainError('NOT_FOUND', 'This item is not in your cart');
/** The order handed to ClearCartAfterOrderUseCase does not exist or is not the user's. */
export const CartOrderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'Order not found');
