import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF read back as a reader would: the text of every page (pdf.js, through the embedded fonts'
 * ToUnicode maps) and the names of the fonts embedded in it (`/BaseFont` of fonts with a font file).
 */
export async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await pdf.destroy();
  const raw = bytes.toString('latin1');
  const embedded = /\/FontFile[23]?\s/.test(raw);
  const fonts = embedded ? [...raw.matchAll(/\/BaseFont\s*\/([\w+-]+)/g)].map((m) => m[1]!) : [];
  return { text, fonts };
}
