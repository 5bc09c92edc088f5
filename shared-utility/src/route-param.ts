/** The last segment of the current path (`/blog/article/12` → '12'); the screens' `:id?` parameter. */
export function routeParam(): string {
  return decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');
}

/** The `:id?` parameter as an id, or null when it is not one. */
export function routeId(): number | null {
  const id = Number(routeParam());
  return Number.isInteger(id) && id > 0 ? id : null;
}
