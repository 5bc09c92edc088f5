import { describe, expect, it } from 'vitest';
import { createSpeedMeter } from './speed-meter';

describe('speed meter', () => {
  it('gives bytes per second since the oldest sample, at most one sample per 250 ms', () => {
    const meter = createSpeedMeter();
    expect(meter.sample(0)).toBe(0);
    meter.add(1000);
    expect(meter.sample(100)).toBeNull();
    expect(meter.sample(500)).toBe(2000);
    meter.add(1000);
    expect(meter.sample(1000)).toBe(2000);
  });

  it('forgets samples older than five seconds, so the speed follows the last few seconds', () => {
    const meter = createSpeedMeter();
    meter.sample(0);
    meter.add(10_000);
    meter.sample(1000);
    meter.sample(6000);
    meter.add(500);
    // Samples more than 5 s old are gone: 500 bytes over the second since the sample at 6000 ms, not 10500 over 7 s.
    expect(meter.sample(7000)).toBe(500);
  });
});
