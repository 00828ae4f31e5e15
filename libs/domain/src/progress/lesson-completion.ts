/**
 * learning-commerce.md, heartbeat rule 3: a lesson is completed once the watched total reaches the
 * threshold share of its video duration. The SQL form below is what the heartbeat statement uses,
 * so the response and the stored latch cannot disagree; the shown share (rule 4) is the catalog's
 * watchPercentage, which never shows the threshold before this latch flips.
 */

/** Whether `total` watched seconds of a `duration`-second video reach `threshold` percent (integer arithmetic). */
export function reachesCompletion(totalWatchedSeconds: number, durationSeconds: number | null, thresholdPercent: number): boolean {
  return durationSeconds !== null && durationSeconds > 0 && totalWatchedSeconds * 100 >= thresholdPercent * durationSeconds;
}

/** reachesCompletion in SQL: `total` and `duration` are SQL expressions, `:threshold` the percent. */
export const reachesCompletionSql = (total: string, duration: string) =>
  `(${duration} IS NOT NULL AND ${total}::bigint * 100 >= :threshold::bigint * ${duration})`;
