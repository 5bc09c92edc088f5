/** How a file opens in the preview, by its name: shown as an image or a PDF, rendered Markdown, a table of CSV rows, or text. */
export type PreviewKind = 'image' | 'pdf' | 'markdown' | 'csv' | 'text';

const byExtension: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'csv',
};

/** Archives, media and executables do not open; every other file is tried as text (the server says when it is not). */
const notText = new Set([
  'zip',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  '7z',
  'rar',
  'mp4',
  'mkv',
  'avi',
  'mov',
  'mp3',
  'wav',
  'exe',
  'so',
  'bin',
  'iso',
  'pt',
  'pth',
  'ckpt',
  'safetensors',
  'npy',
  'npz',
  'h5',
  'pkl',
]);

export function previewKindOf(name: string): PreviewKind | null {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (notText.has(extension)) return null;
  return byExtension[extension] ?? 'text';
}

/**
 * The first `limit` rows of CSV text (RFC 4180 quotes: a field in double quotes may hold the separator,
 * line breaks and doubled quotes); `,` unless the file is a .tsv. A row cut off by the end of a partial
 * file is left out.
 */
export function csvRows(text: string, limit: number, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (index < text.length && rows.length < limit) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n') endRow();
    else if (char !== '\r') field += char;
    index++;
  }
  if (rows.length < limit && !quoted && (field !== '' || row.length > 0)) endRow();
  return rows;
}
