import React, { Suspense, useSyncExternalStore, type ComponentType, type FunctionComponent } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { LoadingState } from '../screen-kit/list-state';
import { RouteEntryContext } from '../screen-kit/route-entry';
import { FeaturePage } from './feature-page';
import { lazyComponent } from './lazy-component';
import type { ShellLocation, ShellProps } from './shell-props';

/** Fetches the code of the screen for a route pattern before the route is opened; what `screensApp` adds to its root. */
export interface ScreenPreloader {
  preloadScreen(pattern: string): Promise<void>;
}

/**
 * single-spa lifecycles for a micro-app's root component, with the root config's error boundary, and `preloadScreen`,
 * which the root config calls with a route's pattern when a link to it is pointed at (docs/portal-contract.md).
 */
export function microAppLifecycles(rootComponent: FunctionComponent<ShellProps> & Partial<ScreenPreloader>) {
  const lifecycles = singleSpaReact<ShellProps>({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (error, info, props) => props.errorBoundary(error, info),
  });
  return { ...lifecycles, preloadScreen: async (pattern: string) => rootComponent.preloadScreen?.(pattern) };
}

/** The URL and the route-table entry it matches, re-rendering on every navigation. */
export function useShellLocation(route: ShellProps['route']): ShellLocation {
  return useSyncExternalStore(route.subscribe, route.current);
}

/** What a micro-app's screen gets from it. */
export interface ScreenProps {
  navigate: (url: string) => void;
}

/** Loads a screen's code (its own chunk: `() => import('./x-page').then((m) => m.XPage)`), so a route ships only what it draws. */
export type ScreenLoader = () => Promise<ComponentType<ScreenProps>>;

export type Screens = Readonly<Record<string, ScreenLoader>>;

function ScreenLoading() {
  return (
    <div className="rc-screen-loading">
      <LoadingState />
    </div>
  );
}

/** A micro-app's root: the screen built for the current route, or the route's feature page while there is none. */
export function screensApp(screens: Screens): FunctionComponent<ShellProps> & ScreenPreloader {
  const screenFor = Object.fromEntries(Object.entries(screens).map(([path, load]) => [path, lazyComponent(load, `页面 ${path}`)]));
  function ScreensApp({ route }: ShellProps) {
    const location = useShellLocation(route);
    if (!location.route) return null;
    const { entry } = location.route;
    const Screen = screenFor[entry.path]?.();
    return (
      <RouteEntryContext.Provider value={entry}>
        {Screen ? (
          <Suspense fallback={<ScreenLoading />}>
            <Screen navigate={(url) => route.navigate(url)} />
          </Suspense>
        ) : (
          <FeaturePage entry={entry} />
        )}
      </RouteEntryContext.Provider>
    );
  }
  return Object.assign(ScreensApp, { preloadScreen: async (pattern: string) => screenFor[pattern]?.preload() });
}

/** A micro-app whose screens are not built yet: each route shows its title and purpose. */
export const FeaturePagesApp = screensApp({});
