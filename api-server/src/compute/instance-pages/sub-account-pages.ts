import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { gpuModels, instances, regions } from '../../db/index.js';
import { ownedSubAccount } from '../../billing/index.js';
import { hasDesktop } from '../desktop/desktop-image.js';
import { Status, statusNames } from '../states.js';
import { webPagesServed } from './jupyter-link.js';
import { instanceWebPortList } from './web-ports.js';

/** The most instances of one sub-account listed at once, newest first. */
const listedAtMost = 100;

/**
 * The instances of the main account's sub-account whose pages the main account opens (`pagesOpenTo`): none while the
 * sub-account keeps its own balance. Another main's sub-account answers 「子账号不存在」.
 */
export async function subAccountInstancePages(app: FastifyInstance, mainId: number, subId: number) {
  const sub = await ownedSubAccount(app.db, mainId, subId);
  if (!sub.shareBalance) return { shareBalance: false, list: [] };
  const rows = await app.db
    .select({
      id: instances.id,
      name: instances.name,
      status: instances.status,
      regionName: regions.name,
      deviceName: gpuModels.name,
      gpuCount: instances.gpuCount,
      noGpu: instances.noGpu,
      desktop: hasDesktop(instances.imageId),
    })
    .from(instances)
    .innerJoin(regions, eq(regions.code, instances.regionCode))
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .where(and(eq(instances.userId, sub.id), ne(instances.status, Status.released)))
    .orderBy(desc(instances.id))
    .limit(listedAtMost);
  const served = webPagesServed(app);
  const list = [];
  for (const row of rows) {
    const pagesReason = !served ? '模拟资源池中的实例没有真实容器，无法打开网页' : row.status === Status.running ? '' : '开机后可用';
    list.push({
      ...row,
      statusName: statusNames[row.status as Status] ?? '',
      webPorts: await instanceWebPortList(app.db, row.id),
      pagesReason,
    });
  }
  return { shareBalance: true, list };
}
