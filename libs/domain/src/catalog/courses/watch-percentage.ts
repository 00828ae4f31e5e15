/**
 * learning-commerce.md, heartbeat rule 4: the watched share of a lesson's video. It lives with the
 * lesson (catalog) because the storefront curriculum shows it too; progress computes its
 * completion latch (rule 3) against the same numbers (progress/lesson-completion.ts).
 *
 * 0-100, truncated to 2 decimals so that it never shows the threshold before the latch flips
 * (rounding would show 90 for 89.997 %); null without a duration or without progress.
 */
export function watchPercentage(totalWatchedSeconds: number | null | undefined, durationSeconds: number | null | undefined): number | null {
  if (totalWatchedSeconds === null || totalWatchedSeconds === undefined || !durationSeconds) return null;
  return Math.min(100, Math.floor((totalWatchedSeconds * 10_000) / durationSeconds) / 100);
}
