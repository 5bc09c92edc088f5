import { $priceCalc } from './stores';

/** Thousandths of a yuan → yuan with 2 decimals ('500.00'), rounded half away from zero. */
export function formatMoney(thousandths: number, priceCalc: number = $priceCalc.get()): string {
  const cents = Math.round((Math.abs(thousandths) * 100) / priceCalc);
  const sign = thousandths < 0 && cents > 0 ? '-' : '';
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
