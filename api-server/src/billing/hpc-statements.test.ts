import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { charge, type Charge } from './charges.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayMs = 86_400_000;
const beijingMonth = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
const post = (path: string, body: object, token: string) => call(t.app, 'POST', `/apis/user/auth/bill/${path}`, body, token);

describe('HPC statements (superBill)', () => {
  it('sum a month of job and package lines by cluster·partition, apart from storage and from other months', async () => {
    const user = await userWithBalance(t.app, 1_000_000);
    const now = t.clock.now();
    const lastMonth = new Date(now.getTime() - 40 * dayMs);
    const line = (amount: number, note: string, at = now, over: Partial<Charge> = {}): Charge => ({
      userId: user.id,
      amount,
      kind: 'usage',
      product: 'hpc',
      note,
      now: at,
      ...over,
    });
    await t.app.db.transaction(async (tx) => {
      for (const c of [
        line(1_200, '超算（默认集群·cpu） 作业101「relax」 4核×3600秒'),
        line(300, '超算（默认集群·cpu） 作业102「scf」 1核×3600秒'),
        line(6_500, '超算（默认集群·gpu） 作业103「train」 8核×1800秒'),
        line(900, '超算（Lab Cluster·compute） 作业7「md run」 2核×7200秒'),
        line(80_000, '超算资源包 入门核时包', now, { kind: 'package' }),
        line(-100, '超算（默认集群·cpu） 作业102「scf」 退款', now, { kind: 'refund' }),
        line(5_000, '超算（默认集群·cpu） 作业90「old」 50核×3600秒', lastMonth),
        line(700, '网盘（华东二区） 2026-11 超出免费额度', now, { product: 'storage', kind: 'disk' }),
      ])
        await charge(tx, c);
    });

    const statements = (await post('statement/list', { product: 'hpc' }, user.token)).data;
    expect(statements.map((s: { month: string }) => s.month)).toEqual([beijingMonth(now), beijingMonth(lastMonth)]);
    expect(statements[0]).toMatchObject({ product: 'hpc', lines: 6, charged: 88_900, refunded: 100, amount: 88_800 });

    const view = (await post('statement/view', { product: 'hpc', month: beijingMonth(now) }, user.token)).data;
    expect(view.resources).toEqual([
      { instanceId: null, instanceName: '超算资源包', usageSeconds: 0, lines: 1, charged: 80_000, refunded: 0, amount: 80_000 },
      { instanceId: null, instanceName: '超算（默认集群·gpu）', usageSeconds: 0, lines: 1, charged: 6_500, refunded: 0, amount: 6_500 },
      { instanceId: null, instanceName: '超算（默认集群·cpu）', usageSeconds: 0, lines: 3, charged: 1_500, refunded: 100, amount: 1_400 },
      { instanceId: null, instanceName: '超算（Lab Cluster·compute）', usageSeconds: 0, lines: 1, charged: 900, refunded: 0, amount: 900 },
    ]);
    expect(view.totals).toEqual({ lines: 6, charged: 88_900, refunded: 100, amount: 88_800 });

    const storage = (await post('statement/view', { product: 'storage', month: beijingMonth(now) }, user.token)).data;
    expect(storage.resources.map((r: { instanceName: string; amount: number }) => [r.instanceName, r.amount])).toEqual([
      ['网盘（华东二区）', 700],
    ]);

    const other = await userWithBalance(t.app, 0);
    expect((await post('statement/view', { product: 'hpc', month: beijingMonth(now) }, other.token)).data.totals.lines).toBe(0);
  });
});
