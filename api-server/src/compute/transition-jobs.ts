import type { DriverInstance } from './driver.js';

const maxAttempts = 3;

interface Job {
  key: string;
  attempts: number;
  state: 'running' | 'done' | 'stale' | 'failed';
  error: unknown;
  promise: Promise<void>;
}

export type JobState = { state: 'running' | 'done' } | { state: 'failed'; error: unknown };

/**
 * At most one piece of background work per instance, for the transition its row shows. A failed
 * attempt is retried when asked again, up to a bound; then the transition has failed for good.
 */
export class TransitionJobs {
  private readonly jobs = new Map<number, Job>();

  /** Where the work for this transition stands, starting it (or its next attempt) when none is under way. */
  check(
    instance: DriverInstance,
    run: () => Promise<'done' | 'stale'>,
    on: { done: () => Promise<void>; error: (error: unknown, attempt: number) => void },
  ): JobState {
    const key = `${instance.status}>${instance.nextStatus}@${instance.transitionAt?.getTime()}`;
    const job = this.jobs.get(instance.id);
    if (job?.key === key) {
      if (job.state === 'running') return { state: 'running' };
      if (job.state === 'done') return { state: 'done' };
      if (job.state === 'failed' && job.attempts >= maxAttempts) return { state: 'failed', error: job.error };
    }
    const attempts = job?.key === key && job.state === 'failed' ? job.attempts + 1 : 1;
    const next: Job = { key, attempts, state: 'running', error: null, promise: Promise.resolve() };
    next.promise = run().then(
      async (outcome) => {
        next.state = outcome;
        if (outcome === 'done') await on.done();
      },
      (error: unknown) => {
        next.state = 'failed';
        next.error = error;
        on.error(error, attempts);
      },
    );
    this.jobs.set(instance.id, next);
    return { state: 'running' };
  }

  /** Whether work for the instance is under way (its container may be between states). */
  busy(instanceId: number) {
    return this.jobs.get(instanceId)?.state === 'running';
  }

  /** The error that made the instance's last transition fail for good. */
  failure(instanceId: number): unknown {
    const job = this.jobs.get(instanceId);
    return job?.state === 'failed' ? job.error : null;
  }

  async settle() {
    await Promise.all([...this.jobs.values()].map((job) => job.promise));
  }
}
