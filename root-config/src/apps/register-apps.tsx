import { registerApplication } from 'single-spa';
import { ChunkLoadError, type ShellProps } from '@rc/shared-utility';
import { microApps, type MicroAppName } from '../route-table';
import { needsLogin } from '../routing/auth-guard';
import { currentLocation, navigate, subscribeLocation } from '../routing/location';
import { resolveRoute } from '../routing/match-route';
import { appContainer } from './app-container';
import { loadMicroApp } from './app-loader';
import { AppErrorPanel } from './app-error-panel';

const route: ShellProps['route'] = { current: currentLocation, subscribe: subscribeLocation, navigate };

function isActive(name: MicroAppName, location: Location): boolean {
  return resolveRoute(location.pathname)?.entry.owner === name && !needsLogin(location.pathname);
}

export function registerMicroApps(): void {
  for (const name of microApps) {
    registerApplication<ShellProps>({
      name,
      app: () => loadMicroApp<ShellProps>(name),
      activeWhen: (location) => isActive(name, location),
      customProps: {
        route,
        domElementGetter: () => appContainer(name),
        errorBoundary: (error) => <AppErrorPanel app={name} message={error.message} chunkFailed={error instanceof ChunkLoadError} />,
      },
    });
  }
}
