import { DomainError } from '../../shared';

/**
 * learning-commerce.md, "Errors → Orders": an unknown order. Another customer's order answers the
 * same (CONTRACT.md section 4), so an id never reveals that someone else's order exists.
 */
export const CustomerOrderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'Order not found');
