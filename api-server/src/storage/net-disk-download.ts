/** `attachment` with the name kept whole for every browser (RFC 6266 / 5987), and an ASCII fallback. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The bytes [start, end) a `Range` header asks of a file of `size` bytes: null for the whole file (no
 * header, or one this server does not serve, like several ranges), 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1);
  if (start >= size || end <= start) return 'unsatisfiable';
  return { start, end };
}
