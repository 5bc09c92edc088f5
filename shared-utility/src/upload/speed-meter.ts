const sampleEveryMs = 250;
const windowMs = 5000;

/** Bytes per second over the last five seconds of samples of an item's sent byte count. */
export interface SpeedMeter {
  /** Counts bytes stored. */
  add(bytes: number): void;
  /** Takes a sample at `now` (at most one per 250 ms); null when it is too soon after the last one. */
  sample(now: number): number | null;
}

export function createSpeedMeter(): SpeedMeter {
  let sentBytes = 0;
  const samples: Array<[time: number, bytes: number]> = [];
  return {
    add(bytes) {
      sentBytes += bytes;
    },
    sample(now) {
      const last = samples.at(-1);
      if (last && now - last[0] < sampleEveryMs) return null;
      samples.push([now, sentBytes]);
      while (samples.length > 2 && now - samples[0]![0] > windowMs) samples.shift();
      const first = samples[0]!;
      const seconds = (now - first[0]) / 1000;
      return seconds > 0 ? Math.round((sentBytes - first[1]) / seconds) : 0;
    },
  };
}
