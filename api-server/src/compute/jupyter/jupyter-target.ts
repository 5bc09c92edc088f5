import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/schema.js';
import { Status } from '../states.js';

/** The port Jupyter listens on inside every instance (suanli-init.sh). */
export const jupyterPort = 8888;

/** Where the portal serves an instance's Jupyter; Jupyter runs with this as its base_url, so paths pass through unchanged. */
export function jupyterBasePath(instanceId: number): string {
  return `/jupyter/${instanceId}/`;
}

/** The console's JupyterLab link: through the portal while the instance runs in a real container, else why not. */
export function jupyterLink(o: { webPages: boolean; id: number; status: number; jupyterToken: string }) {
  if (!o.webPages) return { jupyterUrl: null, jupyterReason: '模拟资源池中的实例没有真实容器，无法打开 JupyterLab' };
  if (o.status !== Status.running) return { jupyterUrl: null, jupyterReason: '开机后可用' };
  return { jupyterUrl: `${jupyterBasePath(o.id)}?token=${o.jupyterToken}`, jupyterReason: '' };
}

export type JupyterTarget = { origin: string } | { refusal: { status: number; msg: string } };

/**
 * Where the instance's Jupyter is reached from this server: only a running instance is proxied, and the
 * address comes from the driver alone. Whoever asks must still pass Jupyter's own token.
 */
export async function jupyterTarget(app: FastifyInstance, idText: string): Promise<JupyterTarget> {
  const id = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : null;
  const [instance] = id === null ? [] : await app.db.select().from(instances).where(eq(instances.id, id));
  if (!instance || instance.status === Status.released) return { refusal: { status: 404, msg: '实例不存在' } };
  if (instance.status !== Status.running) return { refusal: { status: 409, msg: '实例未运行' } };
  const target = await app.compute.driver.httpTarget(instance, jupyterPort);
  if (!target) return { refusal: { status: 501, msg: '该实例不提供 JupyterLab（模拟资源池中的实例没有真实容器）' } };
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return { origin: `http://${host}:${target.port}` };
}
