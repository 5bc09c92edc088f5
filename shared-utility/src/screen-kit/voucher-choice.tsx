import { useState } from 'react';
import { Dropdown } from 'semantic-ui-react';
import type { UsableVoucher } from '@rc/api-contract/user/voucher';
import type { ApiResult } from '../api-client';
import { formatYuan } from '../money';
import { runAction } from './run-action';

interface VoucherChoiceProps {
  /** The voucher the quote takes off, null for none. */
  voucher: UsableVoucher | null;
  /** Every voucher the quoted order can use, the most taken off first. */
  vouchers: UsableVoucher[];
  /** Offered where the user may choose: another voucher's id, or 0 for none. */
  onChoose?: (voucherId: number) => void;
}

/** A quote's 「代金券抵扣 ¥x」 with the voucher it picked, and where the user may choose, the other usable vouchers or none. */
export function VoucherChoice({ voucher, vouchers, onChoose }: VoucherChoiceProps) {
  if (!voucher && (!onChoose || vouchers.length === 0)) return null;
  const options = [
    ...vouchers.map((v) => ({ key: v.id, value: v.id, text: `${v.name}（抵扣 ${formatYuan(v.amount)}）` })),
    { key: 0, value: 0, text: '不使用代金券' },
  ];
  return (
    <div className="rc-quote-line rc-quote-voucher">
      <span>{voucher ? `代金券抵扣 ${formatYuan(voucher.amount)}` : '代金券'}</span>
      {onChoose ? (
        <Dropdown
          aria-label="选择代金券"
          className="rc-quote-voucher-choice"
          // The choice stands at the dialog's right edge: its menu opens leftward, inside the dialog.
          direction="left"
          options={options}
          value={voucher?.id ?? 0}
          onChange={(_, data) => onChoose(Number(data.value))}
        />
      ) : (
        <span>{voucher?.name}</span>
      )}
    </div>
  );
}

/**
 * A quote shown in a confirmation dialog, starting from `first`: choosing another voucher (or none) asks `requote` for a
 * new quote, which is shown and handed to `onQuote` (the caller pays with the last one).
 */
export function useVoucherRequote<Q extends { voucher: UsableVoucher | null }>(
  first: Q,
  requote: (voucherId: number) => Promise<ApiResult<Q>>,
  onQuote: (quote: Q) => void,
) {
  const [quote, setQuote] = useState(first);
  const choose = async (voucherId: number) => {
    const next = await runAction(() => requote(voucherId), { success: false });
    if (next.code !== 200) return;
    setQuote(next.data);
    onQuote(next.data);
  };
  return { quote, choose: (voucherId: number) => void choose(voucherId) };
}
