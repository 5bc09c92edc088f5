import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $webInfo } from '@rc/shared-utility';
import { $siteConfig } from '../boot/site-data';
import { SiteFooter } from '../footer/site-footer';
import { DemoBanner } from '../header/demo-banner';
import { SiteHeader } from '../header/site-header';
import { isAuthPage } from '../routing/auth-guard';
import { SideMenu } from '../side-menu/side-menu';
import { ToastStack } from '../toasts/toast-stack';
import { AppSlot } from './app-slot';
import { RouteErrorBoundary } from './route-error-boundary';
import { ShellPage } from './shell-page';
import { useLocation } from './use-location';

/** The shared uploader (`@rc/shared-utility` defines the element); markup, so React never re-renders it. */
const uploaderMarkup = { __html: '<rc-uploader></rc-uploader>' };

/** Spec §2 layouts: default, account (with side menu and the uploader's slot) and activity. */
export function Shell() {
  const location = useLocation();
  const webInfo = useStore($webInfo);
  const siteConfig = useStore($siteConfig);
  const { pathname } = location;
  const layout = location.route?.entry.layout ?? 'default';
  const isHome = pathname === '/' || pathname === '/index';
  const bare = pathname.includes('write');
  const showFooter = !bare && !isAuthPage(pathname) && layout !== 'activity';

  const siteName = siteConfig?.systemName || '算力云';
  const pageTitle = location.route?.entry.title ?? '页面已无法找到';
  const documentTitle = isHome ? webInfo?.title || siteName : `${pageTitle} - ${siteName}`;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  // A new page starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={`rc-shell rc-layout-${layout}`}>
      {bare ? <DemoBanner /> : <SiteHeader floating={isHome} />}
      <div className="rc-body">
        {layout === 'account' ? <SideMenu pathname={pathname} /> : null}
        <main className="rc-main">
          <RouteErrorBoundary key={location.href}>
            <ShellPage location={location} />
          </RouteErrorBoundary>
          <AppSlot />
        </main>
      </div>
      {showFooter ? <SiteFooter /> : null}
      {/* Last, so the room the floating list keeps below the page lets the footer scroll clear of it too. */}
      {layout === 'account' ? <div id="rc-uploader-slot" dangerouslySetInnerHTML={uploaderMarkup} /> : null}
      <ToastStack />
    </div>
  );
}
