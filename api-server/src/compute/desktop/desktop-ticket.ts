import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/index.js';
import { conflict } from '../../errors.js';
import { issueInstancePageTicket } from '../instance-pages/instance-page-access.js';
import { desktopPort, hasDesktop } from './desktop-image.js';

/**
 * noVNC's page on the instance-pages origin of the owner's running desktop instance, connecting at once and scaled to
 * its frame, with the single-use ticket that lets the browser in. Its WebSocket goes back to the same origin's
 * `/websockify`, which websockify hands to the VNC server. Refusals are those of every instance page, and
 * 「该实例的镜像没有远程桌面」 for an instance of an image without one.
 */
export async function issueDesktopTicket(app: FastifyInstance, userId: number, instanceId: number) {
  const [row] = await app.db
    .select({ desktop: hasDesktop(instances.imageId) })
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.userId, userId)));
  if (row && !row.desktop) throw conflict('该实例的镜像没有远程桌面');
  const page = await issueInstancePageTicket(app, userId, { instanceId, port: desktopPort });
  const url = new URL(page.url);
  url.pathname = '/vnc.html';
  url.search = `?autoconnect=1&resize=scale&reconnect=1&path=websockify&${url.search.slice(1)}`;
  return { ...page, url: url.toString() };
}
