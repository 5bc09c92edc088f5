/** A date input's day (browser local time) as the instant it starts; `nextDay` for the end of a range that includes that day. */
export function dayStart(day: string, nextDay = false): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}
