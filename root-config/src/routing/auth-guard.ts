import { $temporaryUrl, $token, constants } from '@rc/shared-utility';
import { navigate } from './location';

const authPages = ['/login', '/register', '/reset'];

export const isAuthPage = (pathname: string) => authPages.includes(pathname);

/** Spec §2: any path containing 'account' needs a stored token. */
export const needsLogin = (pathname: string) => pathname.includes('account') && !$token.get();

/** Where to go after logging in: the remembered URL, with login and register pages replaced by '/'. */
export function urlAfterLogin(): string {
  const remembered = $temporaryUrl.get();
  if (!remembered) return '/';
  const pathname = new URL(remembered, window.location.origin).pathname;
  return pathname === '/login' || pathname === '/register' ? '/' : remembered;
}

/** Where a signed-in user who opens login or register goes: `?redirect=` when it is a portal page, else the console. */
export function signedInTarget(search: string): string {
  const wanted = new URLSearchParams(search).get('redirect') ?? '';
  const inPortal = wanted.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/\\');
  return inPortal && !isAuthPage(new URL(wanted, window.location.origin).pathname) ? wanted : '/account/home';
}

/** Spec §2: the login page's URL carries `t` (`login`, or `code` for the SMS tab); null when it already does. */
export function loginUrlWithTab(search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get('t')) return null;
  params.set('t', 'login');
  return `/login?${params.toString()}`;
}

function enforce(): void {
  const { pathname, search } = window.location;
  if (!isAuthPage(pathname)) $temporaryUrl.set(pathname + search);
  if (needsLogin(pathname)) navigate(constants.loginUrl, { replace: true });
  const withTab = pathname === '/login' ? loginUrlWithTab(search) : null;
  if (withTab) navigate(withTab, { replace: true });
}

/** On navigation only: a login in progress sets the token and then leaves the page by itself. */
function leaveLoginWhenSignedIn(): void {
  const { pathname, search } = window.location;
  if ((pathname === '/login' || pathname === '/register') && $token.get()) navigate(signedInTarget(search), { replace: true });
}

export function startAuthGuard(): void {
  enforce();
  leaveLoginWhenSignedIn();
  window.addEventListener('single-spa:before-routing-event', () => {
    enforce();
    leaveLoginWhenSignedIn();
  });
  $token.listen(enforce);
}
