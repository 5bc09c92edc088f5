import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle, withMinimumDelay } from './timing';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('runs once, 500 ms after the last call, with its arguments', () => {
    const fn = vi.fn<(n: number) => void>();
    const debounced = debounce(fn);
    debounced(1);
    vi.advanceTimersByTime(400);
    debounced(2);
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[2]]);
  });

  it('takes another wait', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('throttle', () => {
  it('runs at once, then at most once per 500 ms with the latest arguments', () => {
    const fn = vi.fn<(n: number) => void>();
    const throttled = throttle(fn);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(499);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    throttled(4);
    vi.advanceTimersByTime(499);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3], [4]]);
    vi.advanceTimersByTime(1000);
    throttled(5);
    expect(fn.mock.calls).toEqual([[1], [3], [4], [5]]);
  });
});

describe('withMinimumDelay', () => {
  const settled = <T>(promise: Promise<T>) => {
    const state: { value?: T } = {};
    void promise.then((value) => (state.value = value));
    return state;
  };

  it('answers a fast call no sooner than 200 ms after it started', async () => {
    const answer = settled(withMinimumDelay(Promise.resolve('列表')));
    await vi.advanceTimersByTimeAsync(199);
    expect(answer.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.value).toBe('列表');
  });

  it('adds nothing to a call slower than 200 ms', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('慢'), 500));
    const answer = settled(withMinimumDelay(slow));
    await vi.advanceTimersByTimeAsync(499);
    expect(answer.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.value).toBe('慢');
  });
});
