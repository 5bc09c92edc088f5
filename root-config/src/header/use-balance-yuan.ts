import { useStore } from '@nanostores/react';
import { $balance, $priceCalc, formatMoney } from '@rc/shared-utility';

/** The balance in yuan, e.g. '500.00' (spec §1: balance / priceCalc). */
export function useBalanceYuan(): string {
  const balance = useStore($balance);
  const priceCalc = useStore($priceCalc);
  return formatMoney(balance, priceCalc);
}
