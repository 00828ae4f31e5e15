export { IngestMarketDataUseCase } from './ingestion/ingest-market-data.use-case';
export type {
  IngestionSummary,
  IngestionFileSummary,
  IngestionProgress,
  IngestionPhase,
  IngestionOptions,
} from './ingestion/ingest-market-data.use-case';
export type { UpsertCounts } from './ingestion/batch-upsert';
export { IngestionError, isIngestionError } from './ingestion/ingestion.errors';
export type { IngestionLocation } from './ingestion/ingestion.errors';
export { MARKET_FILE_COLUMNS } from './ingestion/market-files';
export { MARKET_FILE_NAMES } from './ingestion/market-file';
export type { MarketFileName } from './ingestion/market-file';
export { METRIC_SOURCES, METRIC_STATUSES } from './ingestion/metric-value';
export type { MetricSource, MetricStatus } from './ingestion/metric-value';
export * from './analysis';
export * from './company-data';
export * from './valuation';
export * from './portfolio';
