import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The desktop variant of the system image (`npm run images -- desktop`, scripts/build-desktop-image.sh). */
export const desktopImageRef = 'localhost/suanli/desktop:bookworm';

/** Where noVNC's page and the WebSocket to the VNC server answer inside a desktop instance (suanli-desktop-init.sh). */
export const desktopPort = 6080;

/**
 * Whether the image `imageId` names has a desktop: it runs the desktop image, or was saved from an instance of an
 * image that has one (a saved image keeps the desktop's command), following `base_image_id` a few generations back.
 */
export function hasDesktop(imageId: AnyPgColumn | SQL): SQL<boolean> {
  // The first row names no table, so that `imageId` can only mean the outer query's column, qualified or not.
  return sql<boolean>`exists (with recursive lineage(id, depth) as (
    select ${imageId}, 0
    union all
    select img.base_image_id, lineage.depth + 1 from images img join lineage on img.id = lineage.id
    where img.base_image_id is not null and lineage.depth < 8)
  select 1 from lineage join images img on img.id = lineage.id where img.runtime_ref = ${desktopImageRef})`;
}

/** The console's 远程桌面: whether the instance has a desktop, and why it cannot be opened now ('' when it can). */
export function desktopLink(o: { desktop: boolean; webPages: boolean; running: boolean }) {
  if (!o.desktop) return { desktop: false, desktopReason: '该实例的镜像没有远程桌面' };
  if (!o.webPages) return { desktop: true, desktopReason: '模拟资源池中的实例没有真实容器，无法打开远程桌面' };
  if (!o.running) return { desktop: true, desktopReason: '开机后可用' };
  return { desktop: true, desktopReason: '' };
}
