import { constants } from './constants';

const COOKIE = 'RC_WEB_TOKEN';

export function setTokenCookie(token: string): void {
  const expires = new Date(Date.now() + constants.tokenCookieMs).toUTCString();
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; path=/; expires=${expires}; SameSite=Lax`;
}

/** Clears the host cookie and any copy a provider set for this host's parent domains. */
export function clearTokenCookie(): void {
  for (const domain of ['', ...cookieDomains(location.hostname)]) {
    document.cookie = `${COOKIE}=; path=/; max-age=0${domain && `; domain=${domain}`}`;
  }
}

function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}
