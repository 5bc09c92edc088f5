/** A server timestamp as the portal shows it ('2026/11/21 08:40:00'); '—' when there is none. */
export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  return new Date(value).toLocaleString('zh-CN', { hour12: false });
}
