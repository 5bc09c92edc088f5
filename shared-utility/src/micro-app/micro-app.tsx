import React, { useSyncExternalStore, type FunctionComponent } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { FeaturePage } from './feature-page';
import type { ShellLocation, ShellProps } from './shell-props';

/** single-spa lifecycles for a micro-app's root component, with the root config's error boundary. */
export function microAppLifecycles(rootComponent: FunctionComponent<ShellProps>) {
  return singleSpaReact<ShellProps>({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (error, info, props) => props.errorBoundary(error, info),
  });
}

/** The URL and the route-table entry it matches, re-rendering on every navigation. */
export function useShellLocation(route: ShellProps['route']): ShellLocation {
  return useSyncExternalStore(route.subscribe, route.current);
}

/** A micro-app whose screens are not built yet: each route shows its title and purpose. */
export function FeaturePagesApp({ route }: ShellProps) {
  const location = useShellLocation(route);
  return location.route ? <FeaturePage entry={location.route.entry} /> : null;
}
