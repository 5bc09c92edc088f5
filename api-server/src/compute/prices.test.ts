import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { listedPricesTtlMs, listedSitePrices, loadSitePrices } from './prices.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site prices', () => {
  it('are shown in lists as read at most one TTL ago, and charged as they are now', async () => {
    const setFreeDisk = (freeDataDiskGb: number) =>
      t.app.db
        .update(sysConfig)
        .set({ value: { noGpuHourPrice: 100, freeDataDiskGb } })
        .where(eq(sysConfig.key, 'sysConfigPrice'));
    await setFreeDisk(50);
    const start = 1_000_000;
    expect((await listedSitePrices(t.app.db, start)).freeDataDiskGb).toBe(50);

    await setFreeDisk(80);
    expect((await loadSitePrices(t.app.db)).freeDataDiskGb).toBe(80);
    expect((await listedSitePrices(t.app.db, start + listedPricesTtlMs - 1)).freeDataDiskGb).toBe(50);
    expect((await listedSitePrices(t.app.db, start + listedPricesTtlMs)).freeDataDiskGb).toBe(80);
  });
});
