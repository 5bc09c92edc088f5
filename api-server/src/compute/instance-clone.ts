import { eq } from 'drizzle-orm';
import type { CloneBody } from '@rc/api-contract/user/instance';
import { computeNodes, type Database } from '../db/index.js';
import { ensureCanPayAnHour, recordOrder, type QuoteKey } from '../billing/index.js';
import { copyAppSnapshot } from './app-service/app-snapshot.js';
import type { ComputeDriver } from './driver.js';
import { takeGpus, takeGpusInRegion } from './gpu-pool.js';
import { recordInstanceEvent } from './instance-events.js';
import { lockInstance } from './instance-state.js';
import { noFreeGpus } from './lifecycle.js';
import { createInstance } from './new-instance.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { Billing, OrderType } from './states.js';

interface CloneParts {
  db: Database;
  driver: ComputeDriver;
  quotes: QuoteKey;
}

/**
 * A new pay-as-you-go instance like the user's stopped one, on its node when it has the GPUs free
 * or else on another node of the region, running the application the source was deployed with; both instances
 * record it. Answers the clone's id.
 */
export async function cloneInstance({ db, driver, quotes }: CloneParts, userId: number, body: CloneBody, now: Date) {
  return db.transaction(async (tx) => {
    const source = await lockInstance(tx, driver, { userId, id: body.id, operation: 'clone', now });
    const { priced, prices } = await confirmedOperationPrice(tx, quotes, {
      token: body.quoteToken,
      instance: source,
      request: { operation: 'clone', id: source.id },
      now,
    });
    const { model, site } = prices;
    await ensureCanPayAnHour(tx, userId, priced.requiredBalance);
    const [sameNode] = await tx.select({ gpuFree: computeNodes.gpuFree }).from(computeNodes).where(eq(computeNodes.id, source.nodeId));
    let nodeId = source.nodeId;
    let gpuIndices: number[];
    if ((sameNode?.gpuFree ?? 0) >= source.gpuCount)
      gpuIndices = await takeGpus(tx, nodeId, source.gpuCount, noFreeGpus(source.gpuCount, site));
    else ({ nodeId, gpuIndices } = await takeGpusInRegion(tx, source.regionCode, source.gpuModelId, source.gpuCount));
    const clone = await createInstance(
      tx,
      driver,
      {
        userId,
        name: body.name ?? `${source.name}-克隆`.slice(0, 40),
        nodeId,
        gpuIndices,
        gpuCount: source.gpuCount,
        billingType: Billing.payAsYouGo,
        packageExpiresAt: null,
        imageId: source.imageId,
        imageName: source.imageName,
        dataDiskExtraGb: source.dataDiskExtraGb,
        clonedFromId: source.id,
        now,
      },
      model,
      site,
    );
    await copyAppSnapshot(tx, { fromInstanceId: source.id, toInstanceId: clone.id, now });
    await recordInstanceEvent(tx, {
      instanceId: clone.id,
      kind: 'create',
      actorUserId: userId,
      fromStatus: null,
      note: `克隆自「${source.name}」`,
      at: now,
    });
    await recordInstanceEvent(tx, {
      instanceId: source.id,
      kind: 'clone',
      actorUserId: userId,
      fromStatus: source.status,
      note: `克隆为「${clone.name}」`,
      at: now,
    });
    await recordOrder(tx, {
      userId,
      instanceId: clone.id,
      orderType: OrderType.create,
      billingType: Billing.payAsYouGo,
      amount: 0,
      detail: { clonedFrom: source.id },
      now,
    });
    return clone.id;
  });
}
