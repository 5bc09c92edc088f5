import { useSyncExternalStore } from 'react';
import { FeaturePage } from './shell/feature-page';
import type { ShellProps } from './shell/shell-props';

export function App({ route }: ShellProps) {
  const location = useSyncExternalStore(route.subscribe, route.current);
  return location.route ? <FeaturePage entry={location.route.entry} /> : null;
}
