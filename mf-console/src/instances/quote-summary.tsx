import { useEffect, useState } from 'react';
import { Message, Table } from 'semantic-ui-react';
import { formatYuan, VoucherChoice, type ApiResult } from '@rc/shared-utility';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { quoteWording, requoteDelayMs } from './quote-rules';

/**
 * The server's quote for `request`, fetched again whenever the request changes and shortly before
 * it expires; `refresh` fetches it again now (after a stale-quote refusal).
 */
export function useQuote<R, Q extends MoneyQuote>(request: R | null, fetchQuote: (request: R) => Promise<ApiResult<Q>>) {
  const key = request === null ? '' : JSON.stringify(request);
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; quote: Q | null; error: string }>({ key: '', quote: null, error: '' });
  useEffect(() => {
    if (request === null) return;
    let live = true;
    void fetchQuote(request).then((result) => {
      if (live) setAnswer({ key, quote: result.code === 200 ? result.data : null, error: result.code === 200 ? '' : result.msg });
    });
    return () => {
      live = false;
    };
    // The request is compared by its JSON text; `fetchQuote` is a module function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const current = answer.key === key ? answer : { quote: null, error: '' };
  useEffect(() => {
    if (!current.quote) return;
    const timer = setTimeout(() => setRound((n) => n + 1), requoteDelayMs(current.quote.expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [current.quote]);
  return { quote: current.quote, error: current.error, refresh: () => setRound((n) => n + 1) };
}

interface QuoteSummaryProps {
  quote: MoneyQuote | null;
  error: string;
  notice?: string;
  /** A one-off purchase has no new unit price to show. */
  withUnitPrice?: boolean;
  shortfall?: string;
  /** Offered where the order may take a voucher: the user picks another voucher, or none (0). */
  onVoucher?: (voucherId: number) => void;
}

/** 「代金券抵扣 ¥x」 (the screen kit's voucher choice), or on a refund, what goes back to vouchers. */
function VoucherLine({ quote, onVoucher }: { quote: MoneyQuote; onVoucher?: (voucherId: number) => void }) {
  if (quote.voucherRefund > 0)
    return (
      <div className="rc-quote-line rc-quote-voucher">
        <span>退回代金券</span>
        <span>{formatYuan(quote.voucherRefund)}</span>
      </div>
    );
  return <VoucherChoice voucher={quote.voucher} vouchers={quote.vouchers} onChoose={onVoucher} />;
}

/** What confirming will do: the amount (退款 when negative), the new unit price and the balance before and after. */
export function QuoteSummary({
  quote,
  error,
  notice,
  withUnitPrice = true,
  shortfall = '余额不足，请先充值后再确认（按量计费需至少可支付1小时）',
  onVoucher,
}: QuoteSummaryProps) {
  if (error) return <Message warning className="rc-quote rc-quote-refused" content={error} />;
  if (!quote) return <div className="rc-quote rc-muted">正在计算价格…</div>;
  const wording = quoteWording(quote);
  return (
    <div className="rc-quote" data-amount={quote.amount} data-balance-after={quote.balanceAfter}>
      {notice ? <Message warning size="small" className="rc-quote-notice" content={notice} /> : null}
      {quote.items.length ? (
        <Table basic="very" compact unstackable className="rc-quote-items">
          <Table.Body>
            {quote.items.map((item) => (
              <Table.Row key={item.name}>
                <Table.Cell>{item.name}</Table.Cell>
                <Table.Cell textAlign="right">{formatYuan(item.amount)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
      <div className="rc-quote-line">
        <span>{wording.amountLabel}</span>
        <b className="rc-price rc-quote-amount">{formatYuan(wording.amountShown)}</b>
      </div>
      <VoucherLine quote={quote} onVoucher={onVoucher} />
      {withUnitPrice ? (
        <div className="rc-quote-line">
          <span>新单价</span>
          <span className="rc-quote-unit-price">
            {formatYuan(quote.unitPrice)}/{quote.unitName}
          </span>
        </div>
      ) : null}
      <div className="rc-quote-line">
        <span>{wording.balanceLabel}</span>
        <span>
          {formatYuan(quote.balance)} → 确认后 <b className="rc-quote-balance-after">{formatYuan(quote.balanceAfter)}</b>
        </span>
      </div>
      {quote.enough ? null : <Message negative size="small" className="rc-quote-short" content={shortfall} />}
    </div>
  );
}
