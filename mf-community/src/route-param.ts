/** The last segment of the current path (`/account/orderDetail/12` → '12'); the screens' `:id?` parameter. */
export function routeParam(): string {
  return decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');
}
