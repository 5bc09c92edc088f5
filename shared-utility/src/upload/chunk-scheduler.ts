import { constants, messages } from '../constants';
import { bus } from '../event-bus';
import { allStored, bytesLeft } from './upload-chunks';
import type { UploadConnection } from './upload-connection';
import type { UploadQueue } from './upload-queue';
import type { UploadTarget } from './upload-targets';
import type { UploadType } from './upload-types';
import { createSpeedMeter, type SpeedMeter } from './speed-meter';

/** Why an item's chunk requests are cut: a paused chunk is sent again on resume; the others are not. */
export type ChunkStop = 'paused' | 'cancelled' | 'alreadyHeld';

export interface ChunkSchedulerOptions {
  queue: UploadQueue;
  targets: Record<UploadType, UploadTarget>;
  connection: UploadConnection;
  /** Waits before the 1st, 2nd and 3rd retry of a chunk. */
  retryBackoffMs: readonly number[];
  /** A chunk request still unanswered after this long is cut and retried. */
  chunkTimeoutMs: number;
  onChunkStored(id: string): void;
  /** Every chunk of the item is stored and its MD5 is known or not wanted: it is to be merged (asked again at each tick until it is done). */
  onAllStored(id: string): void;
  onFailed(id: string, error: string): void;
}

/**
 * Sends the chunks of the items that are pending or uploading: a loop every `uploadPollMs` while any
 * is, up to `parallelChunks` requests per item, each retried `chunkRetries` times after a wait;
 * it also measures each item's speed and time left.
 */
export interface ChunkScheduler {
  /** Starts the loop unless it runs. */
  start(): void;
  /** Cuts the item's chunk requests in flight. */
  stop(id: string, why: ChunkStop): void;
  /** Lets the item's failed chunks go at the next tick rather than after their retry wait. */
  clearRetryWaits(id: string): void;
  /** Drops what the scheduler keeps of an item (or of every item). */
  forget(id?: string): void;
}

interface InFlight {
  controllers: Map<number, AbortController>;
  notBefore: Map<number, number>;
  meter: SpeedMeter;
}

const stopReasons: Record<ChunkStop, Error> = {
  paused: new Error('paused'),
  cancelled: new Error('cancelled'),
  /** The server already stores the content (秒传 found once the hash finished): the chunks in flight are not needed. */
  alreadyHeld: new Error('already held'),
};
const timedOut = new Error('timeout');

export function createChunkScheduler(options: ChunkSchedulerOptions): ChunkScheduler {
  const { queue, targets, connection, retryBackoffMs, chunkTimeoutMs } = options;
  const states = new Map<string, InFlight>();
  let loop: ReturnType<typeof setInterval> | null = null;

  const state = (id: string) => {
    let found = states.get(id);
    if (!found) states.set(id, (found = { controllers: new Map(), notBefore: new Map(), meter: createSpeedMeter() }));
    return found;
  };
  const isActive = (status: string) => status === 'pending' || status === 'uploading';

  function tick(): void {
    const now = Date.now();
    for (const item of queue.$items.get()) {
      if (item.status === 'pending') queue.patch(item.id, { status: 'uploading' });
      if (isActive(item.status)) {
        schedule(item.id, now);
        measure(item.id, now);
      }
    }
    if (!queue.$items.get().some((item) => isActive(item.status)) && loop) {
      clearInterval(loop);
      loop = null;
    }
  }

  function schedule(id: string, now: number): void {
    const item = queue.get(id)!;
    const inFlight = state(id);
    if (item.progress === 100 && allStored(item.chunks)) {
      if (item.md5 || !item.hashWanted) options.onAllStored(id);
      return;
    }
    let active = item.activeRequests;
    for (const chunk of item.chunks) {
      if (active >= constants.parallelChunks) break;
      if (chunk.status !== 'pending' || inFlight.controllers.has(chunk.index) || (inFlight.notBefore.get(chunk.index) ?? 0) > now) continue;
      active += 1;
      void send(id, chunk.index);
    }
  }

  function measure(id: string, now: number): void {
    const speed = state(id).meter.sample(now);
    if (speed === null) return;
    const left = bytesLeft(queue.get(id)!.chunks);
    queue.patch(id, { speed, remainingMs: speed > 0 ? Math.round((left / speed) * 1000) : null });
  }

  async function send(id: string, index: number): Promise<void> {
    const inFlight = state(id);
    const controller = new AbortController();
    inFlight.controllers.set(index, controller);
    const timer = setTimeout(() => controller.abort(timedOut), chunkTimeoutMs);
    queue.patch(id, (item) => ({ activeRequests: item.activeRequests + 1 }));
    const item = queue.get(id)!;
    const chunk = item.chunks[index]!;
    try {
      await targets[item.uploadType].sendChunk(item, chunk, connection, controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      inFlight.meter.add(chunk.file.size);
      queue.patchChunk(id, index, { status: 'success', process: 100 });
      const now = queue.get(id)!;
      bus.emit('upload:progress', { id, progress: now.progress, speed: now.speed, remainingMs: now.remainingMs });
      options.onChunkStored(id);
    } catch {
      const reason: unknown = controller.signal.reason;
      if (!queue.get(id) || reason === stopReasons.cancelled || reason === stopReasons.alreadyHeld) return;
      if (reason === stopReasons.paused) {
        queue.patchChunk(id, index, { status: 'paused', process: 0 });
        return;
      }
      const retries = queue.get(id)!.chunks[index]!.retries;
      if (retries < constants.chunkRetries) {
        inFlight.notBefore.set(index, Date.now() + (retryBackoffMs[retries] ?? 0));
        queue.patchChunk(id, index, { status: 'pending', retries: retries + 1, process: 0 });
      } else {
        queue.patchChunk(id, index, { status: 'failed' });
        options.onFailed(id, messages.chunkFailed(index + 1));
      }
    } finally {
      clearTimeout(timer);
      inFlight.controllers.delete(index);
      if (queue.get(id)) queue.patch(id, (current) => ({ activeRequests: current.activeRequests - 1 }));
    }
    // A slot freed by a stored chunk is refilled now rather than at the next tick (a 5 MiB chunk often
    // takes less than the 100 ms poll); retries still wait for the loop.
    if (queue.get(id)?.status === 'uploading' && queue.get(id)!.chunks[index]!.status === 'success') schedule(id, Date.now());
  }

  return {
    start() {
      loop ??= setInterval(tick, constants.uploadPollMs);
    },
    stop(id, why) {
      for (const controller of state(id).controllers.values()) controller.abort(stopReasons[why]);
    },
    clearRetryWaits: (id) => state(id).notBefore.clear(),
    forget: (id) => (id === undefined ? states.clear() : void states.delete(id)),
  };
}
