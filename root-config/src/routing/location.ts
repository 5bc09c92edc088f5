import { navigateToUrl } from 'single-spa';
import { resolveRoute, type ResolvedRoute } from './match-route';

export interface LocationSnapshot {
  readonly href: string;
  readonly pathname: string;
  readonly search: string;
  readonly route: ResolvedRoute | null;
}

function take(): LocationSnapshot {
  const { href, pathname, search } = window.location;
  return { href, pathname, search, route: resolveRoute(pathname) };
}

let snapshot = take();

/** The same object for as long as the URL does not change (for useSyncExternalStore). */
export function currentLocation(): LocationSnapshot {
  if (window.location.href !== snapshot.href) snapshot = take();
  return snapshot;
}

// single-spa delays `popstate` listeners until apps have mounted; its before-routing event
// arrives first, so the shell and the apps' routers follow the URL without waiting.
const urlEvents = ['single-spa:before-routing-event', 'popstate'] as const;

export function subscribeLocation(listener: () => void): () => void {
  let last = currentLocation();
  const onChange = () => {
    const next = currentLocation();
    if (next === last) return;
    last = next;
    listener();
  };
  for (const type of urlEvents) window.addEventListener(type, onChange);
  return () => {
    for (const type of urlEvents) window.removeEventListener(type, onChange);
  };
}

export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', url);
  else navigateToUrl(url);
}
