import { eq } from 'drizzle-orm';
import type { LiftConfigBody } from '@rc/api-contract/user/instance';
import { computeNodes, instances, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { recordOrder, type QuoteKey } from '../billing/index.js';
import type { InstanceRow } from './instance-state.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { OrderType } from './states.js';

/** A new GPU count on the same node, at most the node's size; it takes effect at the next start. */
export async function changeGpuCount(tx: Executor, quotes: QuoteKey, instance: InstanceRow, body: LiftConfigBody, now: Date) {
  const { id, gpuCount, quoteToken } = body;
  await confirmedOperationPrice(tx, quotes, {
    token: quoteToken,
    instance,
    request: { operation: 'liftConfig', id, gpuCount },
    now,
  });
  const [node] = await tx.select().from(computeNodes).where(eq(computeNodes.id, instance.nodeId));
  if (!node || gpuCount > node.gpuTotal) throw conflict(`该主机共 ${node?.gpuTotal ?? 0} 张GPU，最多可配置 ${node?.gpuTotal ?? 0} 张`);
  await recordOrder(tx, {
    userId: instance.userId,
    instanceId: instance.id,
    orderType: OrderType.changeConfig,
    billingType: instance.billingType,
    amount: 0,
    detail: { from: instance.gpuCount, to: gpuCount },
    now,
  });
  await tx.update(instances).set({ gpuCount }).where(eq(instances.id, instance.id));
}
