import type { BillLine, BillTotals } from '@rc/api-contract/user/bills';
import { csvFile } from '../lib/index.js';
import { roundingRule } from './bill-lines.js';

/** The most lines one export writes; a wider filter is refused so a file never silently drops lines. */
export const exportLimit = 100_000;

const productNames: Record<string, string> = { gpu: '算力', storage: '存储', hpc: '超算', community: '社区', course: '课程' };
export const billKindNames: Record<string, string> = {
  usage: '按量计费',
  gpu_usage: 'GPU卡时',
  package: '包周期',
  renew: '续费',
  disk: '数据盘',
  refund: '退款',
  bounty: '问答悬赏',
  course: '课程购买',
};

/** Thousandths → yuan with 2 decimals, rounded half away from zero (as the screens' formatMoney does, without separators). */
export function yuan(thousandths: number): string {
  const cents = Math.round((Math.abs(thousandths) * 100) / 1000);
  const sign = thousandths < 0 && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An instant in Beijing time: '2026/11/21 08:40:05'. */
function beijing(iso: string | null): string {
  if (!iso) return '—';
  return new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, '/');
}

export const exportHeader = [
  '时间',
  '产品',
  '类型',
  '实例',
  '计费开始',
  '计费结束',
  '单价(元)',
  '计价单位',
  '用量',
  '用量单位',
  '金额(元)',
  '备注',
  '订单号',
];

/** The rows of a bill export, as the screen shows them: every line, then the totals row. */
export function exportRows(lines: BillLine[], totals: BillTotals): string[][] {
  const rows = lines.map((line) => [
    beijing(line.gmtCreate),
    productNames[line.product] ?? line.product,
    billKindNames[line.kind] ?? line.kind,
    line.instanceName ?? (line.instanceId === null ? '—' : `#${line.instanceId}`),
    beijing(line.periodStart),
    beijing(line.periodEnd),
    yuan(line.unitPrice),
    line.priceUnit,
    String(line.quantity),
    line.quantityUnit,
    yuan(line.amount),
    line.note,
    line.orderNo ?? '',
  ]);
  const totalRow = [
    '合计',
    '',
    '',
    `${totals.lines} 条`,
    '',
    '',
    '',
    '',
    '',
    '',
    yuan(totals.amount),
    `扣费 ${yuan(totals.charged)}，退款 ${yuan(totals.refunded)}`,
    '',
  ];
  return [exportHeader, ...rows, totalRow];
}

/** UTF-8 with a byte order mark, so Excel opens the Chinese text right; the rounding rule as a last line. */
export function billsCsv(rows: string[][]): Buffer {
  return csvFile([...rows, [`说明：${roundingRule}`]]);
}

/** The same rows as a workbook; amounts are numbers with two decimals, so Excel can sum them. */
export async function billsXlsx(rows: string[][]): Promise<Buffer> {
  // Loaded by the first export: the package is about 30 MB of the server's memory, and exports are rare.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('账单明细');
  const money = new Set([6, 10]);
  const [header, ...body] = rows;
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  for (const row of body) sheet.addRow(row.map((cell, i) => (money.has(i) && cell !== '' ? Number(cell) : cell)));
  for (const column of money) sheet.getColumn(column + 1).numFmt = '0.00';
  sheet.getRow(rows.length).font = { bold: true };
  sheet.addRow([`说明：${roundingRule}`]);
  sheet.columns.forEach((column, i) => (column.width = [20, 6, 10, 24, 20, 20, 10, 8, 10, 8, 12, 40][i]));
  return Buffer.from(await book.xlsx.writeBuffer());
}
