import type { PageOf } from '@rc/api-contract/envelope';
import type { InstanceView } from '@rc/api-contract/user/compute';
import type { ApiClient } from './api-client.js';
import { CliError, exitCodes } from './cli-error.js';
import { formatYuan, table } from './output.js';

/** Every instance of the account that is not released, as the console lists them. */
export async function allInstances(api: ApiClient): Promise<InstanceView[]> {
  const instances: InstanceView[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await api.post<PageOf<InstanceView>>('/container/auth/list', { pageNum, pageSize: 100 });
    instances.push(...page.list);
    if (page.list.length === 0 || instances.length >= page.total) return instances;
  }
}

/** The instance as the console shows it; null once released (the list leaves released instances out). */
export async function findInstance(api: ApiClient, id: number): Promise<InstanceView | null> {
  const page = await api.post<PageOf<InstanceView>>('/container/auth/list', { id, pageSize: 1 });
  return page.list.find((instance) => instance.id === id) ?? null;
}

export async function instanceById(api: ApiClient, id: number): Promise<InstanceView> {
  const instance = await findInstance(api, id);
  if (!instance) throw new CliError(exitCodes.refused, `实例 ${id} 不存在或已释放`, 404);
  return instance;
}

const releasedStatus = 6;
const poll = { intervalMs: 500, timeoutMs: 10 * 60_000 };

/**
 * Waits until the instance's state change is done (no `nextStatus`), or it is released; refuses when it ends other than
 * `expected` (a create that failed, a start the host could not make). The server is polled: its scheduler completes changes.
 */
export async function waitForStatus(api: ApiClient, id: number, expected: number): Promise<InstanceView | null> {
  const deadline = Date.now() + poll.timeoutMs;
  for (;;) {
    const instance = await findInstance(api, id);
    const done = instance === null || instance.nextStatus === null;
    if (done) {
      const status = instance?.status ?? releasedStatus;
      if (status !== expected) {
        throw new CliError(exitCodes.refused, `实例 ${id} 的状态变为「${instance?.statusName ?? '已释放'}」，不是预期的结果`);
      }
      return instance;
    }
    if (Date.now() > deadline) throw new CliError(exitCodes.refused, `实例 ${id} 仍在「${instance.statusName}」，等待超时`);
    await new Promise((resolve) => setTimeout(resolve, poll.intervalMs));
  }
}

export const statusCodes = { running: 2, stopped: 4, released: releasedStatus } as const;

export function instanceTable(instances: InstanceView[]): string {
  if (instances.length === 0) return '还没有实例：用 suanli instances rent 租用一台';
  return table(
    ['ID', '名称', '状态', 'GPU', '计费方式', '地区', '每小时'],
    instances.map((i) => [
      String(i.id),
      i.name,
      i.nextStatus === null ? i.statusName : `${i.statusName}…`,
      i.noGpu ? `${i.deviceName} 无卡模式` : `${i.deviceName} × ${i.gpuCount}`,
      i.billingName,
      i.regionName,
      formatYuan(i.hourPrice),
    ]),
  );
}

/** One line on what an operation left the instance doing. */
export const instanceLine = (instance: InstanceView) => `实例 ${instance.id}「${instance.name}」：${instance.statusName}`;
