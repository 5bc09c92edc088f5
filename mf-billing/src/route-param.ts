/** The last segment of the current path (`/account/orderDetail/12` → '12'); the screens' `:id?` parameter. */
export function routeParam(): string {
  return decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');
}

/** A date input's day (browser local time) as the instant it starts; `nextDay` for the end of a range that includes that day. */
export function dayStart(day: string, nextDay = false): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}
