import { atom } from 'nanostores';
import type { FriendLink, PublicConfig as SiteConfig } from '@rc/api-contract/system/site';
import { $aboutList, $navList, $webInfo, $zones, api, type AboutGroup, type NavItem, type WebInfo, type Zone } from '@rc/shared-utility';

/** `GET /config.json` (docs/portal-contract.md). */
export type { SiteConfig };

export const $siteConfig = atom<SiteConfig | null>(null);
export const $friendLinks = atom<FriendLink[]>([]);

async function loadSiteConfig(): Promise<void> {
  try {
    const response = await fetch('/config.json');
    if (response.ok) $siteConfig.set((await response.json()) as SiteConfig);
  } catch (error) {
    console.warn('config.json unavailable', error);
  }
}

/** Spec §7: the classes are the zones of category type 1 shown in location 1. */
const classesQuery = { categoryType: 1, zoneLocation: 1 };

/** The public data every layout shows: site info, top nav, footer groups, friend links, zones and classes. */
export async function loadSiteData(): Promise<void> {
  const [webInfo, nav, about, links, zones, classes] = await Promise.all([
    api.post<WebInfo>('/system/api/website/get', {}),
    api.post<NavItem[]>('/system/api/nav/bar/list', {}),
    api.post<AboutGroup[]>('/system/api/website/nav/list', {}),
    api.post<FriendLink[]>('/system/api/website/link', {}),
    api.post<Zone[]>('/system/api/zone/list', {}),
    api.post<Zone[]>('/system/api/zone/list', classesQuery),
    loadSiteConfig(),
  ]);
  if (webInfo.code === 200) $webInfo.set(webInfo.data);
  if (nav.code === 200) $navList.set({ time: Date.now(), list: nav.data });
  if (about.code === 200) $aboutList.set(about.data);
  if (links.code === 200) $friendLinks.set(links.data);
  if (zones.code === 200 && classes.code === 200) $zones.set({ zones: zones.data, classes: classes.data });
}
