const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** '1.5 GB' → bytes; the unit is optional (bytes) and case-insensitive. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) throw new Error('Invalid size string');
  const [, amount = '', unit = ''] = match;
  const power = UNITS.indexOf((unit.toUpperCase() || 'B') as (typeof UNITS)[number]);
  if (power < 0) throw new Error('Unknown unit');
  return Math.round(Number(amount) * 1024 ** power);
}

/** Bytes → '1.50 KB': steps of 1024 up to TB, 2 decimals; whole bytes have none ('0 B', '512 B'). */
export function formatSize(bytes: number): string {
  let power = 0;
  while (Math.abs(bytes) >= 1024 ** (power + 1) && power < UNITS.length - 1) power++;
  const amount = bytes / 1024 ** power;
  return `${power === 0 ? Math.round(amount) : amount.toFixed(2)} ${UNITS[power]}`;
}
