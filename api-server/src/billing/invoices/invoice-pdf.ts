import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { TitleFields } from './invoice-titles.js';

/** Noto Sans SC from the npm package `@expo-google-fonts/noto-sans-sc` (OFL), so a fresh `npm install` has it; pdfkit embeds the glyphs used. */
export const invoiceFontFile = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);
export const invoiceFontName = 'NotoSansSC';
let fontBytes: Buffer | undefined;

export interface InvoicePdfContent {
  invoiceNo: string;
  issuedAt: Date;
  buyer: TitleFields;
  seller: { name: string; taxNo: string; address: string; bank: string };
  itemName: string;
  /** Thousandths of a yuan, tax included. */
  amount: number;
  taxRate: number;
  issuerNote: string;
}

const fen = (thousandths: number) => Math.round(thousandths / 10);
const yuan = (fenAmount: number) => (fenAmount / 100).toFixed(2);

/** The tax-included total split into amount and tax at `rate`, in fen, so that the two add up to the total exactly. */
export function splitTax(totalFen: number, rate: number) {
  const net = Math.round(totalFen / (1 + rate));
  return { net, tax: totalFen - net };
}

const digits = '零壹贰叁肆伍陆柒捌玖';
const places = ['仟', '佰', '拾', ''];
const groupNames = ['', '万', '亿', '万亿'];

/** 1 to 9999 in capitals, a zero between non-zero digits read once (1005 → 壹仟零伍). */
function capitalGroup(group: number): string {
  const d = String(group).padStart(4, '0');
  let text = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const n = Number(d[i]);
    if (n === 0) zero = text !== '';
    else {
      text += (zero ? '零' : '') + digits[n] + places[i];
      zero = false;
    }
  }
  return text;
}

/** The total in capital Chinese numerals, as invoices print it (价税合计大写): 1234.50 → 壹仟贰佰叁拾肆圆伍角. */
export function capitalYuan(fenAmount: number): string {
  const whole = Math.floor(fenAmount / 100);
  const groups: number[] = [];
  for (let rest = whole; rest > 0; rest = Math.floor(rest / 10_000)) groups.unshift(rest % 10_000);
  let text = '';
  let zero = false;
  groups.forEach((group, i) => {
    if (group === 0) {
      zero = text !== '';
      return;
    }
    if (text && (zero || group < 1000)) text += '零';
    text += capitalGroup(group) + groupNames[groups.length - 1 - i];
    zero = false;
  });
  if (text) text += '圆';
  const jiao = Math.floor(fenAmount / 10) % 10;
  const fenDigit = fenAmount % 10;
  if (!jiao && !fenDigit) return `${text || '零圆'}整`;
  if (jiao) text += `${digits[jiao]}角`;
  else if (text) text += '零';
  if (fenDigit) text += `${digits[fenDigit]}分`;
  return text;
}

/** Renders the electronic invoice; every text is in the embedded Chinese font. */
export async function renderInvoicePdf(c: InvoicePdfContent): Promise<Buffer> {
  fontBytes ??= fs.readFileSync(invoiceFontFile);
  const special = c.buyer.invoiceType === 2;
  // Loaded by the first invoice: the package is about 25 MB of the server's memory, and invoices are rare.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 28,
    info: { Title: `电子发票 ${c.invoiceNo}`, Author: c.seller.name, CreationDate: c.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(invoiceFontName, fontBytes);
  doc.font(invoiceFontName);

  const total = fen(c.amount);
  const { net, tax } = splitTax(total, c.taxRate);
  const date = c.issuedAt.toISOString().slice(0, 10).split('-');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc
    .fillColor('#8b1a1a')
    .fontSize(18)
    .text(`电子发票（${special ? '增值税专用发票' : '普通发票'}）`, left, 28, { width, align: 'center' });
  doc.fontSize(9).fillColor('#333');
  doc.text(`发票号码：${c.invoiceNo}`, left, 56, { width, align: 'right' });
  doc.text(`开票日期：${date[0]}年${date[1]}月${date[2]}日`, { width, align: 'right' });

  const party = (label: string, lines: string[], y: number) => {
    doc.rect(left, y, width, 62).stroke('#8b1a1a');
    doc.fillColor('#8b1a1a').text(label, left + 6, y + 6);
    doc.fillColor('#333');
    lines.forEach((line, i) => doc.text(line, left + 60, y + 6 + i * 13, { width: width - 66 }));
  };
  const b = c.buyer;
  party(
    '购买方',
    [
      `名称：${b.name}`,
      `统一社会信用代码/纳税人识别号：${b.taxNo || '—'}`,
      `地址、电话：${[b.address, b.phone].filter(Boolean).join(' ') || '—'}`,
      `开户行及账号：${[b.bankName, b.bankAccount].filter(Boolean).join(' ') || '—'}`,
    ],
    88,
  );
  party(
    '销售方',
    [
      `名称：${c.seller.name}`,
      `统一社会信用代码/纳税人识别号：${c.seller.taxNo}`,
      `地址、电话：${c.seller.address}`,
      `开户行及账号：${c.seller.bank}`,
    ],
    156,
  );

  const y = 228;
  const cols = [left + 6, left + 220, left + 300, left + 360, left + 440];
  doc.fillColor('#8b1a1a');
  ['项目名称', '数量', '金额', '税率', '税额'].forEach((h, i) => doc.text(h, cols[i]!, y));
  doc.fillColor('#333');
  [c.itemName, '1', yuan(net), `${Math.round(c.taxRate * 100)}%`, yuan(tax)].forEach((v, i) => doc.text(v, cols[i]!, y + 16));
  doc
    .moveTo(left, y + 36)
    .lineTo(left + width, y + 36)
    .stroke('#8b1a1a');
  doc.text(`合计  ¥${yuan(net)}    税额  ¥${yuan(tax)}`, left + 6, y + 44);
  doc.fontSize(11).text(`价税合计（大写）${capitalYuan(total)}      （小写）¥${yuan(total)}`, left + 6, y + 62);
  doc
    .fontSize(8)
    .fillColor('#777')
    .text(c.issuerNote, left, doc.page.height - 52, { width, align: 'center' });

  doc.end();
  await done;
  return Buffer.concat(chunks);
}
