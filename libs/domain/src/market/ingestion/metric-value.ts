/** market-data.md, "Metric value": where a value comes from and whether it exists. */
export const METRIC_SOURCES = ['mdp', 'computed', 'manual_swp'] as const;
export type MetricSource = (typeof METRIC_SOURCES)[number];

export const METRIC_STATUSES = ['valid', 'upstream_missing', 'insufficient_history', 'negative_input', 'insufficient_cohort'] as const;
export type MetricStatus = (typeof METRIC_STATUSES)[number];
