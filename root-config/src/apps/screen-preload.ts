import type { ScreenPreloader, ShellProps } from '@rc/shared-utility';
import { needsLogin } from '../routing/auth-guard';
import { resolveRoute } from '../routing/match-route';
import { preloadShellPage } from '../shell/shell-page';
import { preloadMicroApp } from './app-loader';
import { connectionHints, mayPrefetch } from './app-prefetch';

/** How long the pointer rests on a link before its page's code is fetched (instant.page waits as long). */
export const hoverIntentMs = 65;

/**
 * Fetches the code of the page `href` opens: a root-config page's chunk, or the micro-app and its screen's chunk; nothing
 * for another site, a route that sends to the login page first, or on a 2g or save-data connection (spec §9).
 */
function preloadRoute(href: string): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || !mayPrefetch(connectionHints())) return;
  const route = resolveRoute(url.pathname);
  if (!route || needsLogin(url.pathname)) return;
  const { owner, path } = route.entry;
  if (owner === 'shell') void preloadShellPage(path);
  else void preloadMicroApp<ShellProps>(owner).then((app) => (app as Partial<ScreenPreloader> | null)?.preloadScreen?.(path));
}

const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null);

/**
 * Fetches a link's page ahead of the click: when the pointer has rested on the link for `hoverIntentMs`, or at once when
 * the link gets the keyboard's focus. Links passed over on the way elsewhere fetch nothing.
 */
export function preloadLinkedPages(): void {
  let hovered: HTMLAnchorElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('pointerover', (event) => {
    const link = linkOf(event.target);
    if (link === hovered) return;
    clearTimeout(timer);
    hovered = link;
    if (link) timer = setTimeout(() => preloadRoute(link.href), hoverIntentMs);
  });
  document.addEventListener('pointerout', (event) => {
    if (hovered && !hovered.contains(event.relatedTarget as Node | null)) {
      clearTimeout(timer);
      hovered = null;
    }
  });
  document.addEventListener('focusin', (event) => {
    const link = linkOf(event.target);
    if (link) preloadRoute(link.href);
  });
}
