import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';

/** Fixed-window counters kept in this process (a Redis-backed store can take its place). */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one hit on `key`; false when the rule's limit for the current window is used up. */
  hit(key: string, rule: RateLimitRule): boolean {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= rule.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.sweep(now, rule.windowMs);
      return true;
    }
    window.count += 1;
    return window.count <= rule.max;
  }

  private sweep(now: number, windowMs: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
    }
  }
}
