const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as the portal shows them (spec §9: steps of 1024 up to TB, 2 decimals), for messages the server words. */
export function formatBytes(bytes: number): string {
  let power = 0;
  while (Math.abs(bytes) >= 1024 ** (power + 1) && power < units.length - 1) power++;
  const amount = bytes / 1024 ** power;
  return `${power === 0 ? Math.round(amount) : amount.toFixed(2)} ${units[power]}`;
}
