const pad = (value: number) => String(value).padStart(2, '0');

function parts(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A server timestamp in local time, always padded: '2026/11/21 08:40:05'; '—' when there is none. */
export function formatDateTime(value: string | null): string {
  const date = parts(value);
  if (!date) return '—';
  return `${formatDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The day of a server timestamp: '2026/01/05'; '—' when there is none. */
export function formatDate(value: string | null): string {
  const date = parts(value);
  if (!date) return '—';
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}
