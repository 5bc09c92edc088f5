import { $priceCalc } from './stores';

const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** Thousandths of a yuan → yuan with thousands separators and 2 decimals ('10,800.00'), rounded half away from zero. */
export function formatMoney(thousandths: number, priceCalc: number = $priceCalc.get()): string {
  const cents = Math.round((Math.abs(thousandths) * 100) / priceCalc);
  const sign = thousandths < 0 && cents > 0 ? '-' : '';
  return `${sign}${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** An amount as shown to the user: '¥10,800.00', '-¥2.50'. */
export function formatYuan(thousandths: number, priceCalc: number = $priceCalc.get()): string {
  const text = formatMoney(thousandths, priceCalc);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * A ledger line: a charge (positive) as '-¥1.20', a refund (negative) as '+¥1.20'. A charge below
 * one cent, as a few seconds of running make, reads '-<¥0.01' rather than '-¥0.00'.
 */
export function formatCharge(thousandths: number, priceCalc: number = $priceCalc.get()): string {
  const sign = thousandths < 0 ? '+' : '-';
  const size = Math.abs(thousandths);
  if (size > 0 && Math.round((size * 100) / priceCalc) === 0) return `${sign}<¥0.01`;
  return `${sign}${formatYuan(size, priceCalc)}`;
}

/** Yuan as a user types it ('100', '99.5', '0.01') → thousandths of a yuan; null unless it is an amount in whole fen. */
export function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(2, '0')) * 10;
}
