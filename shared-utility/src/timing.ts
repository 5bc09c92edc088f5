import { constants } from './constants';

/** Runs `fn` once calls have stopped for `wait` ms, with the last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, wait: number = constants.debounceMs): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}

/** Runs `fn` at once, then at most once per `wait` ms; the last call inside a window runs when it ends. */
export function throttle<A extends unknown[]>(fn: (...args: A) => unknown, wait: number = constants.debounceMs): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const endWindow = () => {
    timer = undefined;
    if (pending) {
      const args = pending;
      pending = undefined;
      fn(...args);
      timer = setTimeout(endWindow, wait);
    }
  };
  return (...args) => {
    if (timer) {
      pending = args;
      return;
    }
    fn(...args);
    timer = setTimeout(endWindow, wait);
  };
}

/** Spec §9: what `work` answers, but no sooner than `ms` after the call, so a loading indicator never just flashes. */
export async function withMinimumDelay<T>(work: Promise<T>, ms: number = constants.fetchMinDelayMs): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
