import { useSyncExternalStore, type ComponentType } from 'react';
import { ConsoleHome } from './home/console-home';
import { UserInfoPage } from './info/user-info-page';
import { MessagePage } from './message/message-page';
import { FeaturePage } from './shell/feature-page';
import type { ShellProps } from './shell/shell-props';

export interface ScreenProps {
  navigate: (url: string) => void;
}

/** Screens built so far, by route pattern; every other route shows its feature page. */
const screens: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  '/account/home': ConsoleHome,
  '/account/message': MessagePage,
  '/account/info': UserInfoPage,
};

export function App({ route }: ShellProps) {
  const location = useSyncExternalStore(route.subscribe, route.current);
  if (!location.route) return null;
  const Screen = screens[location.route.entry.path];
  return Screen ? <Screen navigate={(url) => route.navigate(url)} /> : <FeaturePage entry={location.route.entry} />;
}
