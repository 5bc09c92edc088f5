import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test-support/test-app.js';
import { instanceEvents, instanceMetrics } from '../../../db/schema.js';
import {
  balanceOf,
  instanceOp,
  ledgerSum,
  messagesOf,
  privateNode,
  rent,
  setUpComputeTestApp,
  userWithBalance,
} from '../../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { runMetricsPass } from '../../../compute/instance-metrics/metrics-pass.js';
import type { SimulatedDriver } from '../../../compute/simulated-driver.js';
import type { InstanceSample } from '../../../compute/driver.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const minute = 60 * second;
const interval = 15 * second;
const op = (token: string, path: string, body: object) => instanceOp(t.app, token, path, body);
const driver = () => t.app.compute.driver as SimulatedDriver;
const setLoad = (id: number, load: Partial<InstanceSample>) => driver().setLoad(id, load);

async function running() {
  const { node, model } = await privateNode(t.app.db, 1);
  const user = await userWithBalance(t.app, 1_000_000);
  const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
  t.clock.advance(8 * second);
  await runMeteringPasses(t.app);
  return { user, token: user.token, id: rented.data.instance.id as number };
}

/** Runs the metrics pass every 15 s for `passes` passes. */
async function sampleFor(passes: number) {
  for (let i = 0; i < passes; i++) {
    t.clock.advance(interval);
    await runMetricsPass(t.app);
  }
}

const statusOf = async (token: string, id: number) =>
  (await call(t.app, 'POST', '/apis/container/auth/list', { id }, token)).data.list[0].status as number;

async function idleStopEvents(id: number) {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, id), eq(instanceEvents.kind, 'idleAutoStop')));
  return row!.n;
}

describe('instance metrics', () => {
  it('samples running instances every pass and answers the owner the series; anyone else is told the instance does not exist', async () => {
    const { id, token } = await running();
    setLoad(id, { cpuPercent: 150, memoryBytes: 4 * 1024 ** 3, gpuPercent: 80, gpuMemoryPercent: 40 });
    await sampleFor(4);
    const metrics = await op(token, 'metrics', { id, hours: 1 });
    expect(metrics.code).toBe(200);
    expect(metrics.data.timestamps).toHaveLength(4);
    expect(metrics.data).toMatchObject({
      cpuPercent: [150, 150, 150, 150],
      gpuPercent: [80, 80, 80, 80],
      gpuMemoryPercent: [40, 40, 40, 40],
    });
    expect(metrics.data.memoryBytes[0]).toBe(4 * 1024 ** 3);
    expect(metrics.data.memoryLimitBytes[0]).toBe(60 * 1024 ** 3);
    expect(metrics.data.sampleIntervalMs).toBe(interval);
    expect(metrics.data.timestamps[3]).toBeLessThanOrEqual(t.clock.now().getTime());

    const stranger = await userWithBalance(t.app, 0);
    expect(await op(stranger.token, 'metrics', { id, hours: 1 })).toMatchObject({ code: 404, msg: '实例不存在' });
    const bad = await op(token, 'metrics', { id, hours: 2 });
    expect(bad.code).not.toBe(200);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);

    await op(token, 'stop', { id });
    await sampleFor(2);
    expect((await op(token, 'metrics', { id, hours: 1 })).data.timestamps).toHaveLength(4);
  });

  it('averages long ranges into at most about 300 points, and the pass forgets samples older than the retention', async () => {
    const { id, token } = await running();
    const now = t.clock.now().getTime();
    // A week of samples every 15 s, CPU alternating 10 % and 30 %, written by the database itself: as 40,320 rows of
    // parameters the insert alone ran past the test's 30 s on a busy CI machine.
    const samples = 7 * 24 * 240;
    await t.app.db.execute(sql`
      insert into instance_metrics (instance_id, at, cpu_percent, memory_bytes, memory_limit_bytes, gpu_percent, gpu_memory_percent)
      select ${id}, ${new Date(now).toISOString()}::timestamptz - i * ${interval} * interval '1 millisecond', case when i % 2 = 0 then 10 else 30 end,
        1024, 2048, 50, 25
      from generate_series(0, ${samples - 1}) as i`);
    for (const hours of [1, 6, 24, 168]) {
      const { data } = await op(token, 'metrics', { id, hours });
      expect(data.timestamps.length, `${hours} h`).toBeLessThanOrEqual(301);
      expect(data.timestamps.length, `${hours} h`).toBeGreaterThanOrEqual(hours === 1 ? 240 : 299);
      expect(data.bucketMs).toBe(Math.ceil((hours * 3_600_000) / 300));
      if (hours > 1) expect(data.cpuPercent[150]).toBeCloseTo(20, -1);
    }
    t.clock.advance(2 * minute);
    await runMetricsPass(t.app);
    const [left] = await t.app.db.select({ n: count() }).from(instanceMetrics).where(eq(instanceMetrics.instanceId, id));
    const oldest = now - 7 * 24 * 3_600_000 + 2 * minute;
    const kept = Array.from({ length: samples }, (_, i) => now - i * interval).filter((at) => at >= oldest).length + 1;
    expect(left!.n).toBe(kept);
  });
});

describe('idle auto-stop', () => {
  it('is set by the owner within its bounds, switched off with null, and refused to anyone else', async () => {
    const { id, token } = await running();
    const set = await op(token, 'idle/stop', { id, minutes: 30, percent: 10 });
    expect(set).toMatchObject({ code: 200, data: { idleStop: { minutes: 30, percent: 10 } } });
    expect(await op(token, 'idle/stop', { id, minutes: 5, percent: 10 })).toMatchObject({ code: 422 });
    expect(await op(token, 'idle/stop', { id, minutes: 30, percent: 60 })).toMatchObject({ code: 422 });
    expect((await op(token, 'idle/stop', { id, minutes: 30, percent: 60 })).msg).toMatch(/[\u4e00-\u9fa5]/);
    const stranger = await userWithBalance(t.app, 0);
    expect(await op(stranger.token, 'idle/stop', { id, minutes: 30, percent: 10 })).toMatchObject({ code: 404, msg: '实例不存在' });
    expect((await op(token, 'idle/stop', { id, minutes: null, percent: 10 })).data.idleStop).toEqual({ minutes: null, percent: 10 });
  });

  it('stops exactly when the GPU stayed below the threshold for the whole window, once, settling the meter once', async () => {
    const { id, token, user } = await running();
    setLoad(id, { gpuPercent: 4.9 });
    await op(token, 'idle/stop', { id, minutes: 10, percent: 5 });
    const before = await balanceOf(t.app, user.id);
    await sampleFor(39);
    expect(await statusOf(token, id)).toBe(2);
    await sampleFor(1);
    expect(await statusOf(token, id)).toBe(3);
    expect(before - (await balanceOf(t.app, user.id))).toBe(Math.floor((600 * 24 * 1980) / 86_400));
    const messages = await messagesOf(t.app, token);
    expect(messages[0]).toMatchObject({ title: '实例已闲置自动关机' });
    expect(messages[0]!.content).toContain('GPU 利用率连续 10 分钟低于 5%，已自动关机');
    const records = await op(token, 'events', { id, pageNum: 1, pageSize: 5 });
    expect(records.data.list[0]).toMatchObject({ name: '闲置自动关机', note: 'GPU 利用率连续 10 分钟低于 5%，已自动关机' });

    const afterStop = await balanceOf(t.app, user.id);
    await sampleFor(4);
    await runMeteringPasses(t.app);
    expect(await idleStopEvents(id)).toBe(1);
    expect(await balanceOf(t.app, user.id)).toBe(afterStop);
    expect(await ledgerSum(t.app, user.id)).toBe(afterStop);
  });

  it('one busy sample in the window, a reading at the threshold, or missing samples keep the instance running', async () => {
    const { id, token } = await running();
    await op(token, 'idle/stop', { id, minutes: 10, percent: 5 });
    setLoad(id, { gpuPercent: 1 });
    await sampleFor(20);
    setLoad(id, { gpuPercent: 70 });
    await sampleFor(1);
    setLoad(id, { gpuPercent: 1 });
    await sampleFor(40);
    expect(await statusOf(token, id)).toBe(2);
    await sampleFor(1);
    expect(await statusOf(token, id)).toBe(3);

    const atThreshold = await running();
    await op(atThreshold.token, 'idle/stop', { id: atThreshold.id, minutes: 10, percent: 5 });
    setLoad(atThreshold.id, { gpuPercent: 5 });
    await sampleFor(45);
    expect(await statusOf(atThreshold.token, atThreshold.id)).toBe(2);

    const gap = await running();
    await op(gap.token, 'idle/stop', { id: gap.id, minutes: 10, percent: 5 });
    setLoad(gap.id, { gpuPercent: 0 });
    await sampleFor(20);
    t.clock.advance(2 * minute);
    await sampleFor(30);
    expect(await statusOf(gap.token, gap.id)).toBe(2);
  });

  it('does not apply to an instance started without GPUs', async () => {
    const { id, token } = await running();
    await op(token, 'stop', { id });
    t.clock.advance(3 * second);
    await runMeteringPasses(t.app);
    await op(token, 'non/device/start', { id });
    t.clock.advance(5 * second);
    await runMeteringPasses(t.app);
    await op(token, 'idle/stop', { id, minutes: 10, percent: 5 });
    await sampleFor(50);
    expect(await statusOf(token, id)).toBe(2);
    expect((await op(token, 'metrics', { id, hours: 1 })).data.gpuPercent.every((value: number | null) => value === null)).toBe(true);
  });
});
