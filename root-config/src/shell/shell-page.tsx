import { useStore } from '@nanostores/react';
import type { ComponentType } from 'react';
import { Loader } from 'semantic-ui-react';
import { AppErrorPanel } from '../apps/app-error-panel';
import { $appErrors } from '../apps/app-errors';
import { $appsMounting } from '../apps/app-mounting';
import { LoginPage } from '../auth/login/login-page';
import { RegisterPage } from '../auth/register/register-page';
import { ResetPage } from '../auth/reset/reset-page';
import { ErrorPage } from '../errors/error-page';
import { HomePage } from '../home/home-page';
import { PrivacyPolicyPage, UserAgreementPage } from '../legal/legal-page';
import type { LocationSnapshot } from '../routing/location';
import { needsLogin } from '../routing/auth-guard';
import { EmptyPage } from './empty-page';
import { RedirectPage } from './redirect-page';

const shellPages: Record<string, ComponentType> = {
  '/': HomePage,
  '/index': HomePage,
  '/login': LoginPage,
  '/register': RegisterPage,
  '/reset': ResetPage,
  '/redirect': RedirectPage,
  '/null': EmptyPage,
  '/agreement': UserAgreementPage,
  '/privacy': PrivacyPolicyPage,
};

/** What the shell itself draws in the content area: its own pages, 404, or a failed app's panel. */
export function ShellPage({ location }: { location: LocationSnapshot }) {
  const appErrors = useStore($appErrors);
  const mounting = useStore($appsMounting);
  const { route } = location;
  if (needsLogin(location.pathname)) return null;
  if (!route) return <ErrorPage status={404} />;
  const { owner, path } = route.entry;
  if (owner === 'shell') {
    const Page = shellPages[path] ?? EmptyPage;
    return <Page />;
  }
  const failure = appErrors[owner];
  if (failure) return <AppErrorPanel app={owner} message={failure} />;
  return mounting.includes(owner) ? <Loader active inline="centered" className="rc-app-loader" /> : null;
}
