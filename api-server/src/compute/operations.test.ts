import { describe, expect, it } from 'vitest';
import { operationNames, operationStates, operations, refusalReason } from './operations.js';
import { Billing, Status } from './states.js';

const stopped = { status: Status.stopped, billingType: Billing.payAsYouGo, gpuHeld: 0 };
const running = { status: Status.running, billingType: Billing.payAsYouGo, gpuHeld: 1 };

describe('which operation each state allows', () => {
  it('a stopped pay-as-you-go instance allows everything but stop and renew', () => {
    const allowed = operations.filter((operation) => refusalReason(operation, stopped) === null);
    expect(allowed).toEqual([
      'start',
      'nonGpuStart',
      'queueStart',
      'release',
      'changeBilling',
      'liftConfig',
      'clone',
      'storageAdjust',
      'reset',
      'changeImage',
      'commit',
      'changeName',
      'idleStop',
    ]);
    expect(refusalReason('cancelQueue', stopped)).toBe('实例未在排队等待GPU');
    expect(refusalReason('stop', stopped)).toBe('实例未在运行，无需关机');
    expect(refusalReason('scheduleStop', stopped)).toBe('仅运行中的实例可设置定时关机');
    expect(refusalReason('renew', stopped)).toContain('按量计费实例无需续费');
  });

  it('a running instance allows stop, a scheduled stop, billing change, data disk expansion and rename; the rest say to power off first', () => {
    const allowed = operations.filter((operation) => refusalReason(operation, running) === null);
    expect(allowed).toEqual(['stop', 'scheduleStop', 'changeBilling', 'storageAdjust', 'changeName', 'idleStop']);
    expect(refusalReason('release', running)).toBe('运行中的实例不能释放，请先关机');
    expect(refusalReason('commit', running)).toBe('运行中的实例不能保存镜像，请先关机');
    expect(refusalReason('changeBilling', { ...running, gpuHeld: 0 })).toContain('无卡模式');
  });

  it('a package instance keeps its GPUs: no no-GPU start, no release or config change before it ends, renewal allowed', () => {
    const pkg = { ...stopped, billingType: Billing.weekly, gpuHeld: 1 };
    expect(refusalReason('nonGpuStart', pkg)).toContain('请直接开机');
    expect(refusalReason('queueStart', pkg)).toContain('请直接开机');
    expect(refusalReason('release', pkg)).toContain('包周期实例未到期');
    expect(refusalReason('liftConfig', pkg)).toContain('请先转为按量计费');
    expect(refusalReason('renew', pkg)).toBeNull();
    expect(refusalReason('renew', { ...pkg, status: Status.running })).toBeNull();
  });

  it('an instance queued for a GPU allows only leaving the queue, renaming and the idle auto-stop setting', () => {
    const queued = { ...stopped, gpuWaitSince: new Date() };
    expect(operations.filter((operation) => refusalReason(operation, queued) === null)).toEqual(['cancelQueue', 'changeName', 'idleStop']);
    expect(refusalReason('start', queued)).toBe('实例正在排队等待GPU，请先取消排队');
    expect(refusalReason('release', queued)).toBe('实例正在排队等待GPU，请先取消排队');
    expect(refusalReason('queueStart', queued)).toBe('实例已在排队等待GPU');
  });

  it('an instance in transition refuses everything except renaming, saying what it is doing', () => {
    const cases: Array<[number, string]> = [
      [Status.creating, '实例正在创建中，请稍候'],
      [Status.starting, '实例正在开机，请稍候'],
      [Status.stopping, '实例正在关机，请关机完成后再操作'],
      [Status.resetting, '实例正在重置系统，请稍候'],
      [Status.committing, '实例正在保存镜像，请稍候'],
    ];
    for (const [status, reason] of cases) {
      const states = operationStates({ ...stopped, status });
      for (const operation of operations) {
        expect(states[operation], `${status} ${operation}`).toEqual(
          operation === 'changeName'
            ? { name: '修改名称', allowed: true, reason: '' }
            : { name: operationNames[operation], allowed: false, reason },
        );
      }
    }
  });

  it('a released instance allows nothing; a failed one only release and rename', () => {
    expect(operations.filter((operation) => refusalReason(operation, { ...stopped, status: Status.released }) === null)).toEqual([]);
    expect(operations.filter((operation) => refusalReason(operation, { ...stopped, status: Status.releasing }) === null)).toEqual([]);
    expect(operations.filter((operation) => refusalReason(operation, { ...stopped, status: Status.failed }) === null)).toEqual([
      'release',
      'changeName',
    ]);
  });
});
