import { createRoot } from 'react-dom/client';
import { navigateToUrl, start } from 'single-spa';
import { $isLoggedIn, configure, defineWebComponents, loadCounters, refreshUserInfo, startServerEvents } from '@rc/shared-utility';
import { watchAppErrors } from './apps/app-errors';
import { watchAppMounting } from './apps/app-mounting';
import { prefetchMicroApps } from './apps/app-prefetch';
import { registerMicroApps } from './apps/register-apps';
import { preloadLinkedPages } from './apps/screen-preload';
import { applyDocumentMeta } from './boot/document-meta';
import { redirectMobileBrowsers } from './boot/mobile-redirect';
import { applyPageStylesheet } from './boot/page-stylesheet';
import { loadSessionData } from './boot/session-data';
import { loadSiteData } from './boot/site-data';
import { startAuthGuard } from './routing/auth-guard';
import { Shell } from './shell/shell';
import { applyTheme } from './theme/apply-theme';
import { watchFieldLabels } from './theme/field-labels';
import { injectGlobalStyles } from './theme/global-styles';

function shellRoot(): HTMLElement {
  const existing = document.getElementById('rc-root');
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = 'rc-root';
  document.body.prepend(element);
  return element;
}

function refreshSession(): void {
  if (!$isLoggedIn.get()) return;
  void refreshUserInfo();
  void loadCounters();
  void loadSessionData();
}

injectGlobalStyles();
applyTheme();
watchFieldLabels();
configure({ navigate: (url) => navigateToUrl(url) });
redirectMobileBrowsers();
applyDocumentMeta();
watchAppErrors();
watchAppMounting();
registerMicroApps();
startAuthGuard();
void loadSiteData();
refreshSession();
$isLoggedIn.listen(refreshSession);
// The header's balance, instance count and unread count stay current from the server's pushes, not by polling.
startServerEvents();
// What the session needs is asked for meanwhile; nothing renders before the page's stylesheet applies.
void applyPageStylesheet().then(() => {
  createRoot(shellRoot()).render(<Shell />);
  defineWebComponents();
  document.body.append(document.createElement('rc-dialogs'));
  start({ urlRerouteOnly: true });
  prefetchMicroApps();
  preloadLinkedPages();
});
