import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PageInstance } from '@rc/api-contract/user/instance-pages';
import { instances } from '../../db/index.js';
import { notFound } from '../../errors.js';
import { desktopLink, hasDesktop } from '../desktop/desktop-image.js';
import { Status, statusNames } from '../states.js';
import { jupyterLink, webPagesServed } from './jupyter-link.js';
import { pagesOpenTo } from './page-holders.js';

/**
 * What the pages of an instance (网页端口, 远程桌面) show of it to a user they are open to (`pagesOpenTo`): its own, or a
 * balance-sharing sub-account's (`owned` false: the sub-account starts it and adds its ports). 「实例不存在」 for any other.
 */
export async function pageInstanceView(app: FastifyInstance, userId: number, id: number): Promise<PageInstance> {
  const [row] = await app.db
    .select({
      id: instances.id,
      name: instances.name,
      status: instances.status,
      userId: instances.userId,
      desktop: hasDesktop(instances.imageId),
    })
    .from(instances)
    .where(and(eq(instances.id, id), pagesOpenTo(app.db, userId)));
  if (!row || row.status === Status.released) throw notFound('实例不存在');
  const shown = { webPages: webPagesServed(app), running: row.status === Status.running };
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    statusName: statusNames[row.status as Status] ?? '',
    owned: row.userId === userId,
    ...jupyterLink(shown),
    ...desktopLink({ desktop: row.desktop, ...shown }),
  };
}
