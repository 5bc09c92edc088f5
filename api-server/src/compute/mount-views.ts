import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasets, instances, netDisks } from '../db/index.js';
import { notFound } from '../errors.js';
import { mountsOf } from './instance-mounts.js';

/** What the user's instance mounts, named for the pages: 网盘（地区） or the dataset's title. */
export async function mountViews(app: FastifyInstance, userId: number, instanceId: number) {
  const [instance] = await app.db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.userId, userId)));
  if (!instance) throw notFound('实例不存在');
  const mounts = await mountsOf(app.db, instanceId);
  const ids = (kind: string) => [0, ...mounts.filter((mount) => mount.kind === kind).map((mount) => mount.sourceId)];
  const [disks, sets] = await Promise.all([
    app.db
      .select({ id: netDisks.id, regionCode: netDisks.regionCode })
      .from(netDisks)
      .where(inArray(netDisks.id, ids('netdisk'))),
    app.db
      .select({ id: datasets.id, title: datasets.title })
      .from(datasets)
      .where(inArray(datasets.id, ids('dataset'))),
  ]);
  const diskName = new Map(disks.map((disk) => [disk.id, `网盘（${disk.regionCode}）`]));
  const datasetName = new Map(sets.map((set) => [set.id, set.title]));
  return mounts.map((mount) => ({
    ...mount,
    name: (mount.kind === 'netdisk' ? diskName.get(mount.sourceId) : datasetName.get(mount.sourceId)) ?? '已删除',
  }));
}
