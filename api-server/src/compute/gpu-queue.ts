import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { computeNodes, instances, type Executor, type Transaction } from '../db/index.js';
import { notify } from '../accounts/index.js';
import { payerBalance } from '../billing/index.js';
import { AppError, conflict } from '../errors.js';
import { recordInstanceEvent } from './instance-events.js';
import type { InstanceRow } from './instance-state.js';
import { startInstance } from './lifecycle.js';
import { withLockedInstance } from './locked-instance.js';
import { Status } from './states.js';

const queued = (nodeId: number) => and(eq(instances.nodeId, nodeId), isNotNull(instances.gpuWaitSince));

/**
 * Puts a stopped pay-as-you-go instance in its node's queue for GPUs (the caller locked it and checked the operation is
 * allowed). Refused when the node has the GPUs now (start it instead) or the account cannot pay.
 */
export async function joinGpuQueue(tx: Executor, instance: InstanceRow, now: Date) {
  const [node] = await tx
    .select({ gpuFree: computeNodes.gpuFree, enabled: computeNodes.enabled })
    .from(computeNodes)
    .where(eq(computeNodes.id, instance.nodeId));
  if (node?.enabled && node.gpuFree >= instance.gpuCount) throw conflict(`该主机当前有 ${node.gpuFree} 张空闲GPU，请直接开机`);
  if ((await payerBalance(tx, instance.userId)) <= 0) throw conflict('账户余额不足，请先充值');
  await tx.update(instances).set({ gpuWaitSince: now }).where(eq(instances.id, instance.id));
}

export async function leaveGpuQueue(tx: Executor, instanceId: number) {
  await tx.update(instances).set({ gpuWaitSince: null }).where(eq(instances.id, instanceId));
}

/** The instance's place in its node's queue, from 1 (first come, first served). */
export async function queuePosition(db: Executor, instance: Pick<InstanceRow, 'id' | 'nodeId' | 'gpuWaitSince'>) {
  const since = instance.gpuWaitSince!;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(instances)
    .where(
      and(
        queued(instance.nodeId),
        or(
          sql`${instances.gpuWaitSince} < ${since.toISOString()}::timestamptz`,
          and(eq(instances.gpuWaitSince, since), lte(instances.id, instance.id)),
        ),
      ),
    );
  return Number(row?.ahead ?? 1);
}

type QueueOutcome = 'started' | 'left' | 'waiting';

/** The head of a node's queue, locked: started, out of the queue (cannot pay, or no longer waiting), or still waiting. */
async function advanceQueueHead(app: FastifyInstance, tx: Transaction, row: InstanceRow, now: Date): Promise<QueueOutcome> {
  if (!row.gpuWaitSince) return 'left';
  if (row.status !== Status.stopped || row.nextStatus !== null) {
    await leaveGpuQueue(tx, row.id);
    return 'left';
  }
  if ((await payerBalance(tx, row.userId)) <= 0) {
    await leaveGpuQueue(tx, row.id);
    const note = '账户余额不足，退出GPU排队';
    await recordInstanceEvent(tx, { instanceId: row.id, kind: 'queueDropped', actorUserId: null, fromStatus: row.status, note, at: now });
    await notify(
      tx,
      row.userId,
      '余额不足，已退出GPU排队',
      `账户余额不足，实例「${row.name}」已退出GPU排队。充值后可重新开机或排队。`,
      now,
    );
    return 'left';
  }
  const [node] = await tx
    .select({ gpuFree: computeNodes.gpuFree, enabled: computeNodes.enabled })
    .from(computeNodes)
    .where(eq(computeNodes.id, row.nodeId));
  if (!node?.enabled || node.gpuFree < row.gpuCount) return 'waiting';
  await startInstance(tx, app.compute.driver, row, now, { noGpu: false });
  const note = '排队获得GPU，自动开机';
  await recordInstanceEvent(tx, { instanceId: row.id, kind: 'queueStarted', actorUserId: null, fromStatus: row.status, note, at: now });
  await notify(tx, row.userId, '实例已获得GPU', `实例「${row.name}」已获得 GPU，正在开机`, now);
  return 'started';
}

async function startFromQueue(app: FastifyInstance, id: number): Promise<QueueOutcome> {
  let outcome: QueueOutcome = 'waiting';
  try {
    await withLockedInstance(app, id, async (tx, row) => {
      outcome = await advanceQueueHead(app, tx, row, app.clock.now());
      return outcome !== 'waiting';
    });
  } catch (error) {
    // Another transaction took the cards between the look and the conditional update: the instance keeps its place.
    if (error instanceof AppError && error.code === 409) return 'waiting';
    throw error;
  }
  return outcome;
}

/** Starts queued instances, per node in the order they joined, while the node has the GPUs the head of its queue needs. */
export async function startQueuedInstances(app: FastifyInstance): Promise<number> {
  const nodes = await app.db.selectDistinct({ nodeId: instances.nodeId }).from(instances).where(isNotNull(instances.gpuWaitSince));
  let started = 0;
  for (const { nodeId } of nodes) {
    for (;;) {
      const [head] = await app.db
        .select({ id: instances.id })
        .from(instances)
        .where(queued(nodeId))
        .orderBy(asc(instances.gpuWaitSince), asc(instances.id))
        .limit(1);
      if (!head) break;
      const outcome = await startFromQueue(app, head.id);
      if (outcome === 'waiting') break;
      if (outcome === 'started') started += 1;
    }
  }
  return started;
}
