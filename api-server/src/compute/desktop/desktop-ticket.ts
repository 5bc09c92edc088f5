import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/index.js';
import { AppError, conflict } from '../../errors.js';
import { admitInstancePage, issueInstancePageTicket } from '../instance-pages/instance-page-access.js';
import { pagesOpenTo } from '../instance-pages/page-holders.js';
import { desktopPort, hasDesktop } from './desktop-image.js';
import { vncGreets } from './vnc-greeting.js';

/**
 * noVNC's page on the instance-pages origin of a running desktop instance whose pages are open to the user
 * (`pagesOpenTo`), connecting at once and scaled to its frame, with the single-use ticket that lets the browser in. Its
 * WebSocket goes back to the same origin's `/websockify`, which websockify hands to the VNC server. Refusals are those of
 * every instance page, 「该实例的镜像没有远程桌面」 for an instance of an image without one, and code 503 until the VNC
 * server greets through websockify (the page asks again).
 */
export async function issueDesktopTicket(app: FastifyInstance, userId: number, instanceId: number) {
  const [row] = await app.db
    .select({ desktop: hasDesktop(instances.imageId) })
    .from(instances)
    .where(and(eq(instances.id, instanceId), pagesOpenTo(app.db, userId)));
  if (row && !row.desktop) throw conflict('该实例的镜像没有远程桌面');
  const admission = await admitInstancePage(app, { userId, instanceId, port: desktopPort });
  if ('upstream' in admission && !(await vncGreets(admission.upstream))) throw new AppError(503, '远程桌面正在启动，请稍候');
  const page = await issueInstancePageTicket(app, userId, { instanceId, port: desktopPort });
  const url = new URL(page.url);
  url.pathname = '/vnc.html';
  url.search = `?autoconnect=1&resize=scale&reconnect=1&path=websockify&${url.search.slice(1)}`;
  return { ...page, url: url.toString() };
}
