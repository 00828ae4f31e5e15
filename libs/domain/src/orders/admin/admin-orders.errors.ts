import { DomainError } from '../../shared';

/** learning-commerce.md, "Errors → Orders": an unknown order (ids outside the integer range included). */
export const AdminOrderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'Order not found');
