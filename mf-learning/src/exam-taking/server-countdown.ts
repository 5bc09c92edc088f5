/** A moment the server stated: its deadline for the attempt and how long was left then. */
export interface ServerClock {
  deadlineAt: string;
  remainingSeconds: number;
}

/**
 * The server's deadline, counted down on the browser's monotonic clock (`now`, e.g. `performance.now`): the server's
 * time is estimated from the last answer that stated it (begin or continue, every save, a re-sync), and a deadline
 * pushed by the server moves the deadline only, so a push and a save that both carry the same extension never add up,
 * and the browser's wall clock never decides anything.
 */
export class ServerCountdown {
  private deadlineMs = 0;
  /** The server's time minus `now()`. */
  private serverOffsetMs = 0;

  constructor(
    clock: ServerClock,
    private readonly now: () => number,
  ) {
    this.sync(clock);
  }

  /** An answer that stated the deadline and the time left. */
  sync(clock: ServerClock): void {
    this.deadlineMs = Date.parse(clock.deadlineAt);
    this.serverOffsetMs = this.deadlineMs - clock.remainingSeconds * 1000 - this.now();
  }

  /** A pushed deadline: the server's time is still as last estimated. */
  moveDeadline(deadlineAt: string): void {
    this.deadlineMs = Date.parse(deadlineAt);
  }

  /** Whole seconds left, never below 0. */
  get secondsLeft(): number {
    return Math.max(0, Math.ceil((this.deadlineMs - (this.now() + this.serverOffsetMs)) / 1000));
  }
}
