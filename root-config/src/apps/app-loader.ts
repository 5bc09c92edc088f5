import type { LifeCycles } from 'single-spa';
import type { MicroAppName } from '../route-table';
import { loadAppStylesheet } from './app-stylesheet';

const retries = new Map<MicroAppName, number>();

/** The micro-app's module, once the micro-apps' stylesheet applies too. */
export async function loadMicroApp<Props>(name: MicroAppName): Promise<LifeCycles<Props>> {
  const [app] = await Promise.all([importMicroApp<Props>(name), loadAppStylesheet()]);
  return app;
}

/**
 * SystemJS keeps a failed module in its registry (and the slim build has no System.delete), so a
 * retry imports the app's URL with a fresh query string, which makes a new registry entry.
 */
function importMicroApp<Props>(name: MicroAppName): Promise<LifeCycles<Props>> {
  const retry = retries.get(name);
  if (!retry) return System.import(name);
  const url = new URL(System.resolve(name), window.location.href);
  url.searchParams.set('rc-retry', String(retry));
  return System.import(url.href);
}

/** The micro-app's module ahead of its first mount, or null when it failed: its mount then asks again at a new address. */
export async function preloadMicroApp<Props>(name: MicroAppName): Promise<LifeCycles<Props> | null> {
  try {
    return await importMicroApp<Props>(name);
  } catch {
    loadAgainNextTime(name);
    return null;
  }
}

export function loadAgainNextTime(name: MicroAppName): void {
  retries.set(name, (retries.get(name) ?? 0) + 1);
}
