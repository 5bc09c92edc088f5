import { and, desc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import { computeNodes, instances, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { Status } from './states.js';

/**
 * Takes `count` GPUs on the node and answers which card indices, or refuses saying how many are free.
 * The conditional update is the allocation: two transactions can never both take the last card.
 */
export async function takeGpus(tx: Executor, nodeId: number, count: number, refusal: (free: number) => string): Promise<number[]> {
  if (await tryTakeGpus(tx, nodeId, count)) return pickGpuIndices(tx, nodeId, count);
  const [node] = await tx.select({ gpuFree: computeNodes.gpuFree }).from(computeNodes).where(eq(computeNodes.id, nodeId));
  throw conflict(refusal(node?.gpuFree ?? 0));
}

async function tryTakeGpus(tx: Executor, nodeId: number, count: number): Promise<boolean> {
  if (count === 0) return true;
  const taken = await tx
    .update(computeNodes)
    .set({ gpuFree: sql`${computeNodes.gpuFree} - ${count}` })
    .where(and(eq(computeNodes.id, nodeId), eq(computeNodes.enabled, true), gte(computeNodes.gpuFree, count)))
    .returning({ gpuFree: computeNodes.gpuFree });
  return taken.length === 1;
}

/**
 * The `count` lowest card indices of the node no live instance holds. Called after the gpu_free update,
 * whose row lock serialises every taking on the node until this transaction ends.
 */
async function pickGpuIndices(tx: Executor, nodeId: number, count: number): Promise<number[]> {
  if (count === 0) return [];
  const [node] = await tx.select({ gpuTotal: computeNodes.gpuTotal }).from(computeNodes).where(eq(computeNodes.id, nodeId));
  const holders = await tx
    .select({ gpuIndices: instances.gpuIndices })
    .from(instances)
    .where(and(eq(instances.nodeId, nodeId), gt(instances.gpuHeld, 0), ne(instances.status, Status.released)));
  const held = new Set(holders.flatMap((row) => row.gpuIndices));
  const free = Array.from({ length: node?.gpuTotal ?? 0 }, (_, index) => index).filter((index) => !held.has(index));
  return free.slice(0, count);
}

/** Gives cards back to the node's count; the caller clears the instance's gpuIndices with its gpuHeld. */
export async function returnGpus(tx: Executor, nodeId: number, count: number) {
  if (count === 0) return;
  await tx
    .update(computeNodes)
    .set({ gpuFree: sql`${computeNodes.gpuFree} + ${count}` })
    .where(eq(computeNodes.id, nodeId));
}

/**
 * Picks a node of the model in the region with `count` free GPUs and takes them, the emptiest
 * node first. A node another order just drained is passed over for the next. `onlyNodeIds` narrows
 * the choice (the nodes whose driver fits the image).
 */
export async function takeGpusInRegion(
  tx: Executor,
  regionCode: string,
  gpuModelId: number,
  count: number,
  onlyNodeIds?: number[],
): Promise<{ nodeId: number; gpuIndices: number[] }> {
  const tried: number[] = [];
  for (;;) {
    const [candidate] = await tx
      .select({ id: computeNodes.id })
      .from(computeNodes)
      .where(
        and(
          eq(computeNodes.regionCode, regionCode),
          eq(computeNodes.gpuModelId, gpuModelId),
          eq(computeNodes.enabled, true),
          gte(computeNodes.gpuFree, count),
          onlyNodeIds ? inArray(computeNodes.id, onlyNodeIds) : undefined,
          tried.length
            ? sql`${computeNodes.id} not in (${sql.join(
                tried.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .orderBy(desc(computeNodes.gpuFree), computeNodes.id)
      .limit(1);
    if (!candidate) throw conflict(`该地区此型号暂无 ${count} 张空闲GPU的主机，请减少GPU数量或选择其他地区、型号`);
    if (await tryTakeGpus(tx, candidate.id, count))
      return { nodeId: candidate.id, gpuIndices: await pickGpuIndices(tx, candidate.id, count) };
    tried.push(candidate.id);
  }
}
