import { createContext, useContext } from 'react';
import type { RouteEntry } from '../micro-app/shell-props';

/** The route-table entry of the screen being shown; `screensApp` provides it. */
export const RouteEntryContext = createContext<RouteEntry | null>(null);

export function useRouteEntry(): RouteEntry | null {
  return useContext(RouteEntryContext);
}
