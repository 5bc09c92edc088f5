import { getAppStatus, NOT_LOADED } from 'single-spa';
import { microApps } from '../route-table';

/** The parts of the Network Information API that decide prefetching (Chromium has it; other browsers answer nothing). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Spec §9: nothing is prefetched on a 2g (or slow-2g) connection, or when the user asked to save data. */
export function mayPrefetch(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').endsWith('2g');
}

export const connectionHints = () => (navigator as Navigator & { connection?: ConnectionHints }).connection;

function hintPrefetch(url: string, app: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  link.dataset.app = app;
  document.head.append(link);
}

/**
 * Once the first page has its micro-app (or needs none) and the browser is idle, asks it to fetch the micro-apps not
 * loaded yet, so that the next page opens sooner.
 */
export function prefetchMicroApps(): void {
  if (!mayPrefetch(connectionHints())) return;
  const whenIdle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 1000));
  const prefetch = () => {
    for (const name of microApps) {
      if (getAppStatus(name) === NOT_LOADED) hintPrefetch(System.resolve(name), name);
    }
  };
  window.addEventListener('single-spa:routing-event', () => whenIdle(prefetch), { once: true });
}
