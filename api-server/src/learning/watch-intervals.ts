/** A played range of a video in seconds, start before end. */
export type Interval = [number, number];

/** Gaps shorter than this between two played ranges are the player's own rounding, not skipped video. */
const joinGapSeconds = 0.5;

/** The union of `intervals`, sorted and disjoint, with ranges closer than half a second joined. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1] + joinGapSeconds) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export function coveredSeconds(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, [start, end]) => sum + (end - start), 0);
}

/**
 * A video counts as watched when what is left unwatched is at most 2 % of it (and at least one
 * second is allowed): players stop a frame short of the end, and a learner should not have to
 * re-watch a second they saw.
 */
export function isWatched(covered: number, durationSeconds: number): boolean {
  return durationSeconds - covered <= Math.max(1, durationSeconds * 0.02);
}

/** Where a learner may go in a no-skipping course: anywhere already watched from the start, and no further. */
export function furthestContinuousSecond(intervals: readonly Interval[]): number {
  const first = intervals[0];
  return first && first[0] <= joinGapSeconds ? first[1] : 0;
}
