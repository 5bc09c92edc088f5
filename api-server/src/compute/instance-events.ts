import { eq, max } from 'drizzle-orm';
import { bills, instanceEvents, instances, type Executor } from '../db/index.js';
import { operationNames, type Operation } from './operations.js';
import { statusNames, type Status } from './states.js';
import { noteUserChange } from '../accounts/index.js';

/** What the platform does to an instance on its own. */
export type SystemEvent =
  | 'transition'
  | 'stopForBalance'
  | 'stopForBudget'
  | 'scheduledStop'
  | 'packageExpired'
  | 'autoRelease'
  | 'idleAutoStop'
  | 'queueStarted'
  | 'queueDropped'
  | 'exited';
export type InstanceEventKind = Operation | 'create' | SystemEvent;

const systemEventNames: Record<SystemEvent | 'create', string> = {
  create: '创建',
  transition: '状态完成',
  stopForBalance: '欠费停机',
  stopForBudget: '预算停机',
  scheduledStop: '定时关机',
  packageExpired: '包周期到期',
  autoRelease: '自动释放',
  exited: '容器停止运行',
  idleAutoStop: '闲置自动关机',
  queueStarted: '排队开机',
  queueDropped: '退出排队',
};

export function eventName(kind: string, toStatus: number): string {
  if (kind === 'transition') return `变为${statusNames[toStatus as Status] ?? toStatus}`;
  if (kind === 'scheduleStop') return '设置定时关机';
  if (kind === 'idleStop') return '设置闲置自动关机';
  return (systemEventNames as Record<string, string>)[kind] ?? operationNames[kind as Operation] ?? kind;
}

/**
 * Records a change of the instance, in the caller's transaction, after it was made: `fromStatus` is the state
 * before, the state after is read from the instance.
 */
export async function recordInstanceEvent(
  tx: Executor,
  e: { instanceId: number; kind: InstanceEventKind; actorUserId: number | null; fromStatus: number | null; note?: string; at: Date },
) {
  const [now] = await tx
    .select({ status: instances.status, userId: instances.userId })
    .from(instances)
    .where(eq(instances.id, e.instanceId));
  noteUserChange(now!.userId, 'instances', { instanceId: e.instanceId });
  const [lastBill] = await tx
    .select({ id: max(bills.id) })
    .from(bills)
    .where(eq(bills.instanceId, e.instanceId));
  await tx.insert(instanceEvents).values({
    instanceId: e.instanceId,
    kind: e.kind,
    actor: e.actorUserId === null ? 'system' : 'user',
    actorUserId: e.actorUserId,
    fromStatus: e.fromStatus,
    toStatus: now!.status,
    note: e.note ?? '',
    afterBillId: lastBill?.id ?? 0,
    createdAt: e.at,
  });
}
