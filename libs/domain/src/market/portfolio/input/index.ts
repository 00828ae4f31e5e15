export { readTransactionBody, validateTransaction, TRANSACTION_TYPES, SELL_TERMS } from './transaction-input';
export type { TransactionBody } from './transaction-input';
export type { TransactionFields, TransactionPatch, TransactionType, SellTerm, CgtLimits } from './transaction-input';
export { readPortfolioBody } from './portfolio-input';
export type { PortfolioFields } from './portfolio-input';
export { choice, readListQuery, wholeNumber } from './list-query';
export type { ListQuery } from './list-query';
export { readTransactionFilters } from './transaction-filters';
