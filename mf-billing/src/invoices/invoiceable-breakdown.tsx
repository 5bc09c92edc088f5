import { formatYuan, type Loaded } from '@rc/shared-utility';
import { Button } from 'semantic-ui-react';
import type { InvoiceableAmount } from './invoices-api';

/** The invoiceable amount and the sum that reaches it, with the rule in words. */
export function InvoiceableBreakdown({ amount }: { amount: Loaded<InvoiceableAmount> }) {
  if (amount.error !== null)
    return (
      <div className="rc-invoice-breakdown">
        <span className="rc-muted">可开票金额加载失败</span>{' '}
        <Button basic size="mini" content="重试" onClick={() => void amount.reload()} />
      </div>
    );
  const a = amount.data;
  if (!a) return <div className="rc-invoice-breakdown rc-muted">…</div>;
  return (
    <div className="rc-invoice-breakdown">
      <div className="rc-invoice-total">
        可开票金额 <strong data-testid="invoiceable">{formatYuan(a.invoiceable)}</strong>
      </div>
      <div className="rc-invoice-sum">
        消费扣款 {formatYuan(a.charged)} − 退款 {formatYuan(a.refunded)} − 已用赠送金额 {formatYuan(a.freeCreditSpent)}（赠送合计{' '}
        {formatYuan(a.freeCredit)}，余额 {formatYuan(a.balance)}）= 现金消费 {formatYuan(a.cashConsumed)}；现金消费 − 已开票{' '}
        {formatYuan(a.invoiced)} = 可开票 {formatYuan(a.invoiceable)}
      </div>
      <p className="rc-muted rc-invoice-rule">{a.rule}</p>
    </div>
  );
}
