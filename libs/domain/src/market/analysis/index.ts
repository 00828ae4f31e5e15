export { CompanyNotFound, SymbolRequired, InvalidAnalysisQuery } from './analysis.errors';
export { metric, invalidMetric } from './metric';
export type { MetricValue } from './metric';
export { CompanyLookup, normaliseSymbol } from './company-lookup';
export type { AnalysedCompany } from './company-lookup';
export { AnalysisCache, ANALYSIS_FRESHNESS_SECONDS } from './analysis-cache';
export type { AnalysisAnswer, AnalysisEndpoint } from './analysis-cache';
