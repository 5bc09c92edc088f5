/** Text a spreadsheet would run as a formula (a name like `=HYPERLINK(…)`) is kept as text; numbers stay numbers. */
function inertCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** One CSV cell: inert, and quoted where it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  const cell = inertCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** UTF-8 with a byte order mark, so Excel opens the Chinese text right; lines end in CRLF. */
export function csvFile(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
