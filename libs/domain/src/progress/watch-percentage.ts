/**
 * learning-commerce.md, heartbeat rules 3 and 4. Both rules read the watched total against the
 * lesson's video duration; the SQL forms below are what the heartbeat statement uses, so the
 * response and the stored latch cannot disagree.
 */

/**
 * Watched share of the video, 0-100, truncated to 2 decimals so that it never shows the threshold
 * before the latch flips (rounding would show 90 for 89.997 %); null without a duration or without progress.
 */
export function watchPercentage(totalWatchedSeconds: number | null | undefined, durationSeconds: number | null | undefined): number | null {
  if (totalWatchedSeconds === null || totalWatchedSeconds === undefined || !durationSeconds) return null;
  return Math.min(100, Math.floor((totalWatchedSeconds * 10_000) / durationSeconds) / 100);
}

/** Whether `total` watched seconds of a `duration`-second video reach `threshold` percent (integer arithmetic). */
export function reachesCompletion(totalWatchedSeconds: number, durationSeconds: number | null, thresholdPercent: number): boolean {
  return durationSeconds !== null && durationSeconds > 0 && totalWatchedSeconds * 100 >= thresholdPercent * durationSeconds;
}

/** reachesCompletion in SQL: `total` and `duration` are SQL expressions, `:threshold` the percent. */
export const reachesCompletionSql = (total: string, duration: string) =>
  `(${duration} IS NOT NULL AND ${total}::bigint * 100 >= :threshold::bigint * ${duration})`;
