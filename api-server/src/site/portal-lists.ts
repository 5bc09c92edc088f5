import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { AdvertListBody, NavListBody, ZoneListBody } from '@rc/api-contract/system/site';
import { aboutGroups, aboutItems, adverts, friendLinks, navItems, zones, type Executor } from '../db/index.js';

/** The portal's enabled adverts (of one position, when given). */
export async function advertList(db: Executor, body: AdvertListBody) {
  const where: SQL[] = [eq(adverts.enabled, true)];
  if (body.position) where.push(eq(adverts.position, body.position));
  return db
    .select({ id: adverts.id, title: adverts.title, imageUrl: adverts.imageUrl, linkUrl: adverts.linkUrl, position: adverts.position })
    .from(adverts)
    .where(and(...where))
    .orderBy(asc(adverts.sort), asc(adverts.id));
}

/** The top navigation of one platform (1 unless asked). */
export function navBar(db: Executor, body: NavListBody) {
  return db
    .select({ id: navItems.id, navTitle: navItems.navTitle, navUrl: navItems.navUrl, target: navItems.target })
    .from(navItems)
    .where(eq(navItems.platShow, body.platShow ?? 1))
    .orderBy(asc(navItems.sort), asc(navItems.id));
}

export function friendLinkList(db: Executor) {
  return db
    .select({ id: friendLinks.id, name: friendLinks.name, url: friendLinks.url })
    .from(friendLinks)
    .orderBy(asc(friendLinks.sort), asc(friendLinks.id));
}

/** The 关于我们/帮助 groups, each with its links. */
export async function aboutNavigation(db: Executor) {
  const groups = await db.select().from(aboutGroups).orderBy(asc(aboutGroups.sort), asc(aboutGroups.id));
  const items = await db.select().from(aboutItems).orderBy(asc(aboutItems.sort), asc(aboutItems.id));
  return groups.map((group) => ({
    id: group.id,
    navName: group.navName,
    websiteNavList: items.filter((item) => item.groupId === group.id).map(({ id, navName, url }) => ({ id, navName, url })),
  }));
}

/** The zones (专区) of a category and location, when given. */
export async function zoneList(db: Executor, body: ZoneListBody) {
  const where: SQL[] = [];
  if (body.categoryType !== undefined) where.push(eq(zones.categoryType, body.categoryType));
  if (body.zoneLocation !== undefined) where.push(eq(zones.zoneLocation, body.zoneLocation));
  return db
    .select({ id: zones.id, name: zones.name, code: zones.code, categoryType: zones.categoryType, zoneLocation: zones.zoneLocation })
    .from(zones)
    .where(and(...where))
    .orderBy(asc(zones.sort), asc(zones.id));
}
