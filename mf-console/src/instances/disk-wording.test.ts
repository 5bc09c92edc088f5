import { describe, expect, it } from 'vitest';
import { dataDiskLine } from './disk-wording';

const reading = (usedBytes: number, sizeBytes: number) => ({
  readAt: '2026-11-29T08:00:00.000Z',
  system: { usedBytes: 0, limitBytes: null },
  data: { limited: true, usedBytes, sizeBytes },
  netDisk: null,
});
const MB = 1024 ** 2;
const GiB = 1024 ** 3;

describe("the data disk's line in the instance list", () => {
  it('shows the use against the size bought, with nothing more once an expansion is in effect', () => {
    const line = dataDiskLine({ dataDiskGb: 80, dataDiskGrowsAtStart: false, disks: reading(512 * MB, 78 * GiB) });
    expect(line).toBe('数据盘 512.00 MB / 80 GB');
  });

  it('says an expansion the host could not apply online takes effect at the next start', () => {
    const line = dataDiskLine({ dataDiskGb: 80, dataDiskGrowsAtStart: true, disks: reading(512 * MB, 49 * GiB) });
    expect(line).toBe('数据盘 512.00 MB / 80 GB（扩容将在下次开机时生效）');
  });

  it('says so before any reading too, and past 90% says both', () => {
    expect(dataDiskLine({ dataDiskGb: 80, dataDiskGrowsAtStart: true, disks: null })).toBe('数据盘 80GB（扩容将在下次开机时生效）');
    const full = dataDiskLine({ dataDiskGb: 80, dataDiskGrowsAtStart: true, disks: reading(48 * GiB, 49 * GiB) });
    expect(full).toBe('数据盘 48.00 GB / 80 GB（超过 90%）（扩容将在下次开机时生效）');
  });
});
