import { constants } from '@rc/shared-utility';

// Per tab, so that a reload finds it: when this tab last reloaded for a micro-app that failed to load.
const reloadedAtKey = 'rc-chunk-reload-at';

/** Spec §8: a failed chunk reloads the page, at most once per 60 s; a failure within that shows the retry panel. */
export function mayReloadAfter(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= constants.chunkReloadMinIntervalMs;
}

function lastReloadAt(): number | null {
  const stored = Number(sessionStorage.getItem(reloadedAtKey));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Reloads the page for a micro-app that failed to load, unless this tab did so within the last 60 s; says whether it did. */
export function reloadForFailedChunk(): boolean {
  const now = Date.now();
  if (!mayReloadAfter(lastReloadAt(), now)) return false;
  sessionStorage.setItem(reloadedAtKey, String(now));
  window.location.reload();
  return true;
}
