import type { ErrorInfo } from 'react';
import { registerApplication } from 'single-spa';
import { microApps, type MicroAppName } from '../route-table';
import { needsLogin } from '../routing/auth-guard';
import { currentLocation, navigate, subscribeLocation } from '../routing/location';
import { resolveRoute } from '../routing/match-route';
import { appContainer } from './app-container';
import { loadMicroApp } from './app-loader';
import { AppErrorPanel } from './app-error-panel';

/** What every micro-app receives as props (besides single-spa's own). */
export interface ShellProps {
  route: {
    current: typeof currentLocation;
    subscribe: typeof subscribeLocation;
    navigate: typeof navigate;
  };
  domElementGetter: () => HTMLElement;
  /** Used by single-spa-react as the error boundary around the app's React tree. */
  errorBoundary: (error: Error, info: ErrorInfo) => JSX.Element;
}

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
        errorBoundary: (error) => <AppErrorPanel app={name} message={error.message} />,
      },
    });
  }
}
