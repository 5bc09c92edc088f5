/**
 * What this process knows about the periodic work, for the health view: whether it leads (server.ts hands it the
 * leadership) and when the compute scheduler, which runs only on the leader, last finished a tick.
 */
export class SchedulerState {
  #leadership: { readonly leading: boolean } | null = null;
  #runningSince: number | null = null;
  #lastTickAt: number | null = null;

  follow(leadership: { readonly leading: boolean }) {
    this.#leadership = leadership;
  }

  get leading(): boolean {
    return this.#leadership?.leading ?? false;
  }

  schedulerStarted(at = Date.now()) {
    this.#runningSince = at;
    this.#lastTickAt = null;
  }

  tickCompleted(at = Date.now()) {
    this.#lastTickAt = at;
  }

  schedulerStopped() {
    this.#runningSince = null;
    this.#lastTickAt = null;
  }

  /**
   * How late the compute scheduler is: seconds since its last completed tick (since it started, before the first
   * completes). Null when it does not run in this process.
   */
  lagSeconds(now = Date.now()): number | null {
    if (this.#runningSince === null) return null;
    return (now - (this.#lastTickAt ?? this.#runningSince)) / 1000;
  }
}
