import { atom } from 'nanostores';
import type { FriendLink, PublicConfig as SiteConfig } from '@rc/api-contract/system/site';
import { $aboutList, $navList, $webInfo, api, type AboutGroup, type NavItem, type WebInfo } from '@rc/shared-utility';

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

/** The public data every layout shows: site info, top nav, footer groups and friend links. */
export async function loadSiteData(): Promise<void> {
  const [webInfo, nav, about, links] = await Promise.all([
    api.post<WebInfo>('/system/api/website/get', {}),
    api.post<NavItem[]>('/system/api/nav/bar/list', {}),
    api.post<AboutGroup[]>('/system/api/website/nav/list', {}),
    api.post<FriendLink[]>('/system/api/website/link', {}),
    loadSiteConfig(),
  ]);
  if (webInfo.code === 200) $webInfo.set(webInfo.data);
  if (nav.code === 200) $navList.set({ time: Date.now(), list: nav.data });
  if (about.code === 200) $aboutList.set(about.data);
  if (links.code === 200) $friendLinks.set(links.data);
}
