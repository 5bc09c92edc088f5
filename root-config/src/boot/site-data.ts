import { atom } from 'nanostores';
import type { FriendLink, PublicConfig as SiteConfig, SiteShell } from '@rc/api-contract/system/site';
import { $aboutList, $navList, $webInfo, $zones, api } from '@rc/shared-utility';

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

/** The public data every layout shows: site info, top nav, footer groups, friend links, zones and classes, in one call. */
export async function loadSiteData(): Promise<void> {
  const [shell] = await Promise.all([api.post<SiteShell>('/system/api/website/shell', {}), loadSiteConfig()]);
  if (shell.code !== 200) return;
  const { info, nav, about, links, zones, classes } = shell.data;
  $webInfo.set(info);
  $navList.set({ time: Date.now(), list: nav });
  $aboutList.set(about);
  $friendLinks.set(links);
  $zones.set({ zones, classes });
}
