import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';

/** Fixed-window counters kept in this process (a Redis-backed store can take its place). */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one hit on `key`; false when the rule's limit for the current window is used up. */
  hit(key: string, rule: RateLimitRule): boolean {
    const now = this.clock.now().getTime();
    const window = this.currentWindow(key, rule, now);
    if (!window) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.sweep(now, rule.windowMs);
      return true;
    }
    window.count += 1;
    return window.count <= rule.max;
  }

  /** Whether the rule's limit for the current window is used up, without counting a hit. */
  exhausted(key: string, rule: RateLimitRule): boolean {
    const window = this.currentWindow(key, rule, this.clock.now().getTime());
    return Boolean(window && window.count >= rule.max);
  }

  private currentWindow(key: string, rule: RateLimitRule, now: number) {
    const window = this.windows.get(key);
    return window && now - window.startedAt < rule.windowMs ? window : undefined;
  }

  private sweep(now: number, windowMs: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
    }
  }
}
