import { map } from 'nanostores';
import { addErrorHandler, getAppStatus, LOAD_ERROR, MOUNTED, triggerAppChange, unloadApplication, type AppError } from 'single-spa';
import { microApps, type MicroAppName } from '../route-table';
import { loadAgainNextTime } from './app-loader';
import { reloadForFailedChunk } from './chunk-reload';

/** The last failure of each micro-app that failed to load or mount, until it mounts again. */
export const $appErrors = map<Partial<Record<MicroAppName, string>>>({});

// single-spa loads an app whose download failed again only this long after the failure.
const singleSpaReloadDelayMs = 200;
const failedAt = new Map<MicroAppName, number>();

const isMicroApp = (name: string): name is MicroAppName => (microApps as string[]).includes(name);

export function watchAppErrors(): void {
  addErrorHandler((error: AppError) => {
    console.error(error);
    const name = error.appOrParcelName;
    if (!isMicroApp(name)) return;
    // A module that failed to download may be gone after a new deployment: a reload fetches the new import map.
    if (getAppStatus(name) === LOAD_ERROR && reloadForFailedChunk()) return;
    failedAt.set(name, Date.now());
    $appErrors.setKey(name, error.message);
  });
  window.addEventListener('single-spa:routing-event', () => {
    for (const name of microApps) {
      if ($appErrors.get()[name] && getAppStatus(name) === MOUNTED) $appErrors.setKey(name, undefined);
    }
  });
}

/**
 * A module that failed to download is fetched again; an app that threw while rendering is
 * remounted; one that threw in its lifecycles is marked broken by single-spa for the rest of the
 * page's life, so only a reload can bring it back.
 */
export function retryApp(name: MicroAppName): void {
  const status = getAppStatus(name);
  if (status === LOAD_ERROR) {
    loadAgainNextTime(name);
    $appErrors.setKey(name, undefined);
    const wait = Math.max(0, (failedAt.get(name) ?? 0) + singleSpaReloadDelayMs - Date.now());
    setTimeout(() => void triggerAppChange(), wait);
  } else if (status === MOUNTED) {
    void unloadApplication(name);
  } else {
    window.location.reload();
  }
}
