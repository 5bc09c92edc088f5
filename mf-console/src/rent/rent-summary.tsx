import { useStore } from '@nanostores/react';
import { Button, Message, Segment } from 'semantic-ui-react';
import type { GpuModelStat } from '@rc/api-contract/node/node';
import type { RentQuote } from '@rc/api-contract/user/order';
import { $balance, formatYuan } from '@rc/shared-utility';
import { QuoteSummary } from '../instances/quote-summary';

interface RentSummaryProps {
  quote: RentQuote | null;
  quoteError: string;
  notice: string;
  billingType: number;
  /** A GPU model is chosen, so a quote is asked for. */
  quoted: boolean;
  model: GpuModelStat | undefined;
  /** Every choice is made and fits (image, community image, application template). */
  ready: boolean;
  paying: boolean;
  onPay: () => void;
  onRecharge: () => void;
  onVoucher: (voucherId: number) => void;
}

/** The price of the chosen machine, the balance, and 立即创建. */
export function RentSummary({
  quote,
  quoteError,
  notice,
  billingType,
  quoted,
  model,
  ready,
  paying,
  onPay,
  onRecharge,
  onVoucher,
}: RentSummaryProps) {
  const balance = useStore($balance);
  return (
    <Segment className="rc-rent-summary">
      {quote ? (
        billingType === 1 ? (
          <div>
            按量计费 <b className="rc-price rc-hour-price">{formatYuan(quote.hourAmount)}/小时</b>，按秒扣费，关机停止计费；无卡模式{' '}
            {formatYuan(quote.noGpuHourPrice)}/小时。
          </div>
        ) : (
          <div>
            应付 <b className="rc-price">{formatYuan(quote.amount)}</b>（{quote.days} 天），按量计费同等时长{' '}
            {formatYuan(quote.originalAmount)}，节省 {formatYuan(quote.discountAmount)}
          </div>
        )
      ) : (
        <div className="rc-muted">选择配置后显示价格</div>
      )}
      {quoted ? <QuoteSummary quote={quote} error={quoteError} notice={notice} onVoucher={onVoucher} /> : null}
      <div className="rc-rent-pay">
        <span className="rc-muted">账户余额 {formatYuan(balance)}</span>
        {quote !== null && !quote.enough ? (
          <Button basic className="rc-to-recharge" onClick={onRecharge}>
            余额不足，去充值
          </Button>
        ) : null}
        <Button
          color="orange"
          size="large"
          loading={paying}
          disabled={paying || !model || model.freeGpu === 0 || !quote || !ready}
          onClick={onPay}
          className="rc-pay-button"
        >
          立即创建
        </Button>
      </div>
      {model && model.freeGpu === 0 ? <Message warning content="该型号在此地区暂无空闲GPU，请选择其他型号或地区。" /> : null}
    </Segment>
  );
}
