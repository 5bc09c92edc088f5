import { useStore } from '@nanostores/react';
import { Suspense, type ComponentType } from 'react';
import { Loader } from 'semantic-ui-react';
import { lazyComponent, type LazyComponent } from '@rc/shared-utility';
import { AppErrorPanel } from '../apps/app-error-panel';
import { $appErrors } from '../apps/app-errors';
import { $appsMounting } from '../apps/app-mounting';
import { ErrorPage } from '../errors/error-page';
import { HomePage } from '../home/home-page';
import type { LocationSnapshot } from '../routing/location';
import { needsLogin } from '../routing/auth-guard';
import { EmptyPage } from './empty-page';
import { RedirectPage } from './redirect-page';

// The home page is in the root config's own file, for the first paint of `/`; the others load when first shown.
const eager = (page: ComponentType) => Object.assign(() => page, { preload: async () => undefined });
const shellPages: Record<string, LazyComponent<object>> = {
  '/': eager(HomePage),
  '/index': eager(HomePage),
  '/login': lazyComponent(() => import('../auth/login/login-page').then((m) => m.LoginPage), '页面 /login'),
  '/register': lazyComponent(() => import('../auth/register/register-page').then((m) => m.RegisterPage), '页面 /register'),
  '/reset': lazyComponent(() => import('../auth/reset/reset-page').then((m) => m.ResetPage), '页面 /reset'),
  '/redirect': eager(RedirectPage),
  '/null': eager(EmptyPage),
  '/agreement': lazyComponent(() => import('../legal/legal-page').then((m) => m.UserAgreementPage), '页面 /agreement'),
  '/privacy': lazyComponent(() => import('../legal/legal-page').then((m) => m.PrivacyPolicyPage), '页面 /privacy'),
};

/** Fetches the code of the root config's page for the route `pattern`, ahead of its first render. */
export const preloadShellPage = (pattern: string) => shellPages[pattern]?.preload();

const pageLoader = <Loader active inline="centered" className="rc-app-loader" />;

/** What the shell itself draws in the content area: its own pages, 404, or a failed app's panel. */
export function ShellPage({ location }: { location: LocationSnapshot }) {
  const appErrors = useStore($appErrors);
  const mounting = useStore($appsMounting);
  const { route } = location;
  if (needsLogin(location.pathname)) return null;
  if (!route) return <ErrorPage status={404} />;
  const { owner, path } = route.entry;
  if (owner === 'shell') {
    const Page = shellPages[path]?.() ?? EmptyPage;
    return (
      <Suspense fallback={pageLoader}>
        <Page />
      </Suspense>
    );
  }
  const failure = appErrors[owner];
  if (failure) return <AppErrorPanel app={owner} message={failure} />;
  return mounting.includes(owner) ? pageLoader : null;
}
