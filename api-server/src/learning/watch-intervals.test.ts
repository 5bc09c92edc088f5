import { describe, expect, it } from 'vitest';
import { coveredSeconds, furthestContinuousSecond, isWatched, mergeIntervals } from './watch-intervals.js';

describe('watched intervals', () => {
  it('merges overlapping, touching and nearly touching ranges, and keeps real gaps', () => {
    expect(
      mergeIntervals([
        [30, 40],
        [0, 10],
        [5, 12],
        [12.3, 20],
        [50, 60],
      ]),
    ).toEqual([
      [0, 20],
      [30, 40],
      [50, 60],
    ]);
  });

  it('drops empty and reversed ranges', () => {
    expect(
      mergeIntervals([
        [5, 5],
        [9, 3],
        [1, 2],
      ]),
    ).toEqual([[1, 2]]);
  });

  it('counts each second once however often it was watched', () => {
    const watched = mergeIntervals([
      [0, 30],
      [10, 30],
      [0, 30],
    ]);
    expect(coveredSeconds(watched)).toBe(30);
  });

  it('calls a video watched only when at most 2 % (at least a second) is left', () => {
    expect(isWatched(99, 100)).toBe(true);
    expect(isWatched(97.9, 100)).toBe(false);
    expect(isWatched(9.2, 10)).toBe(true);
    expect(isWatched(8.9, 10)).toBe(false);
  });

  it('lets a no-skipping learner go only as far as they watched from the start', () => {
    expect(
      furthestContinuousSecond([
        [0, 42],
        [60, 70],
      ]),
    ).toBe(42);
    expect(furthestContinuousSecond([[10, 20]])).toBe(0);
    expect(furthestContinuousSecond([])).toBe(0);
  });
});
