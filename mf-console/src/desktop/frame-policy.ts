const isAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');

/**
 * Whether a page of `pageHost` can run framed in the portal at `portalHost`: its pass cookie (SameSite=Lax) is only
 * set and sent in a frame of the same site, which holds where the instance-pages host lies under the portal's host or
 * under its parent domain (`suanli.example.com` → `*.apps.example.com`). A portal reached by address or a one-label
 * name (`localhost`) shares its site with no other host: the desktop then opens in a tab of its own.
 */
export function framesOnSameSite(portalHost: string, pageHost: string): boolean {
  if (isAddress(portalHost) || !portalHost.includes('.')) return false;
  const parent = portalHost.split('.').slice(1).join('.');
  return pageHost.endsWith(`.${portalHost}`) || (parent.includes('.') && pageHost.endsWith(`.${parent}`));
}
