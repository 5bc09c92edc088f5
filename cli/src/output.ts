/** What a command did: the data `--json` prints, and the lines a person reads. */
export interface Outcome {
  json: unknown;
  text: string;
  /** When the command ends with another program's exit code (`instances ssh --exec`). */
  exitCode?: number;
}

/** Thousandths of a yuan as the portal shows them: `¥1,234.50`, `-¥2.50`. */
export function formatYuan(thousandths: number): string {
  const sign = thousandths < 0 ? '-' : '';
  const cents = Math.round(Math.abs(thousandths) / 10);
  const yuan = Math.floor(cents / 100).toLocaleString('en-US');
  return `${sign}¥${yuan}.${String(cents % 100).padStart(2, '0')}`;
}

/** Bytes in 1024 steps with two decimals (`50.00 MB`), as the portal's formatSize. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(2)} ${units[unit]}`;
}

/** Columns a terminal gives the text: CJK characters and full-width forms take two. */
function width(text: string): number {
  let columns = 0;
  for (const char of text)
    columns += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1;
  return columns;
}

/** Rows under a header, each column as wide as its widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(width(title), ...rows.map((row) => width(row[column] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell + ' '.repeat(widths[column]! - width(cell))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
