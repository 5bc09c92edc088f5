import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';

/** Fixed-window counters per key; async so that a shared store (Redis) can hold them for several servers. */
export interface RateLimiter {
  /** Counts one hit on `key`; false when the rule's limit for the current window is used up. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
  /** Whether the rule's limit for the current window is used up, without counting a hit. */
  exhausted(key: string, rule: RateLimitRule): Promise<boolean>;
}

/** Counters kept in this process: right for one server. */
export class InProcessRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, rule: RateLimitRule): Promise<boolean> {
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

  async exhausted(key: string, rule: RateLimitRule): Promise<boolean> {
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
