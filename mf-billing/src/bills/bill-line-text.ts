import { formatCharge, formatYuan } from '@rc/shared-utility';
import type { BillLine } from './bills-api';

/** A unit price: metering's day rate also reads per hour, '¥95.04/天（¥3.96/小时）'; an HPC job's '¥0.10/核时', '¥6.00/卡时'. */
export function unitPriceText(line: Pick<BillLine, 'kind' | 'unitPrice' | 'priceUnit'>): string {
  const text = `${formatYuan(line.unitPrice)}/${line.priceUnit}`;
  return line.kind === 'usage' && line.priceUnit === '天' ? `${text}（${formatYuan(line.unitPrice / 24)}/小时）` : text;
}

/** Hours to the hundredth; a few seconds read '<0.01' rather than '0.00'. */
const hoursText = (seconds: number) => (seconds > 0 && seconds < 36 ? '<0.01' : (seconds / 3600).toFixed(2));

/** Seconds also read as hours: '21600 秒（6.00 小时）', '9000 核秒（2.50 核时）'. */
export function quantityText(line: Pick<BillLine, 'quantity' | 'quantityUnit'>): string {
  if (line.quantityUnit === '秒') return `${line.quantity} 秒（${hoursText(line.quantity)} 小时）`;
  const hpcHours = { 核秒: '核时', 卡秒: '卡时' }[line.quantityUnit];
  if (hpcHours) return `${line.quantity} ${line.quantityUnit}（${hoursText(line.quantity)} ${hpcHours}）`;
  return `${line.quantity} ${line.quantityUnit}`;
}

/** A line's amount to the cent, a refund negative; a charge below one cent reads '<¥0.01' rather than '¥0.00'. */
export const lineAmountText = (amount: number) => (amount < 0 ? formatCharge(-amount) : formatCharge(amount).slice(1));
