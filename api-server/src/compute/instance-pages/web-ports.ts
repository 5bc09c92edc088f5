import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instancePageShares, instances, instanceWebPorts, type Executor } from '../../db/index.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { Status } from '../states.js';
import { appPortsOf } from '../app-service/app-snapshot.js';
import { jupyterPort } from './jupyter-link.js';
import { liveInstanceOpenTo } from './page-holders.js';

/** How many ports the owner may add to an instance's list (自定义服务). */
export const maxAddedPorts = 5;
/** The instance's SSH port: the gateway reaches it, never a browser. */
const sshPort = 22;

export type WebPortSource = 'jupyter' | 'app' | 'custom';

export interface WebPort {
  name: string;
  port: number;
  source: WebPortSource;
}

/** The user's own instance, released ones excepted; 「实例不存在」 for any other. */
async function ownLiveInstance(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ id: instances.id, status: instances.status })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.userId, userId)));
  if (!row || row.status === Status.released) throw notFound('实例不存在');
  return row;
}

/** Every web port of the instance: JupyterLab's, its application template's, then those the owner added, each once. */
export async function instanceWebPortList(db: Executor, instanceId: number): Promise<WebPort[]> {
  const added = await db
    .select({ name: instanceWebPorts.name, port: instanceWebPorts.port })
    .from(instanceWebPorts)
    .where(eq(instanceWebPorts.instanceId, instanceId))
    .orderBy(asc(instanceWebPorts.id));
  const list: WebPort[] = [{ name: 'JupyterLab', port: jupyterPort, source: 'jupyter' }];
  for (const { name, port, protocol } of await appPortsOf(db, instanceId))
    if (protocol === 'http') list.push({ name, port, source: 'app' });
  for (const port of added) list.push({ ...port, source: 'custom' });
  return list.filter((entry, index) => list.findIndex((other) => other.port === entry.port) === index);
}

/** The ports of an instance whose pages are open to the user (its own, or a balance-sharing sub-account's). */
export async function listWebPorts(app: FastifyInstance, userId: number, id: number) {
  await liveInstanceOpenTo(app.db, userId, id);
  return instanceWebPortList(app.db, id);
}

/** Adds a port the owner serves in the instance (自定义服务); the list is answered. */
export async function addWebPort(app: FastifyInstance, userId: number, body: { id: number; name: string; port: number }) {
  const name = body.name.trim();
  if (!name) throw invalid('请填写服务名称');
  if (body.port === sshPort) throw invalid('端口 22 是实例的 SSH 端口，不能添加为网页服务');
  return app.db.transaction(async (tx) => {
    await ownLiveInstance(tx, userId, body.id);
    // One adder at a time per instance: the count and the duplicate check hold until the insert.
    await tx.select({ id: instances.id }).from(instances).where(eq(instances.id, body.id)).for('update');
    const list = await instanceWebPortList(tx, body.id);
    if (list.some((entry) => entry.port === body.port)) throw conflict(`端口 ${body.port} 已在列表中`);
    if (list.filter((entry) => entry.source === 'custom').length >= maxAddedPorts)
      throw conflict(`最多添加 ${maxAddedPorts} 个自定义服务，请先删除不用的服务`);
    await tx.insert(instanceWebPorts).values({ instanceId: body.id, name, port: body.port, createdAt: app.clock.now() });
    return instanceWebPortList(tx, body.id);
  });
}

/** Removes a port the owner added, and ends its share links; JupyterLab's and the template's stay. The list is answered. */
export async function removeWebPort(app: FastifyInstance, userId: number, body: { id: number; port: number }) {
  await ownLiveInstance(app.db, userId, body.id);
  return app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(instanceWebPorts)
      .where(and(eq(instanceWebPorts.instanceId, body.id), eq(instanceWebPorts.port, body.port)))
      .returning({ id: instanceWebPorts.id });
    if (removed.length === 0) throw notFound('该端口不是你添加的自定义服务');
    await tx
      .update(instancePageShares)
      .set({ revokedAt: app.clock.now() })
      .where(and(eq(instancePageShares.instanceId, body.id), eq(instancePageShares.port, body.port), isNull(instancePageShares.revokedAt)));
    return instanceWebPortList(tx, body.id);
  });
}
