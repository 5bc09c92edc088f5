import { $temporaryUrl, $token } from '@rc/shared-utility';
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

function enforce(): void {
  const { pathname, search } = window.location;
  if (!isAuthPage(pathname)) $temporaryUrl.set(pathname + search);
  if (needsLogin(pathname)) navigate('/login', { replace: true });
}

export function startAuthGuard(): void {
  enforce();
  window.addEventListener('single-spa:before-routing-event', enforce);
  $token.listen(enforce);
}
