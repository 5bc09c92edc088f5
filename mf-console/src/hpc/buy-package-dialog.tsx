import { useState } from 'react';
import { Button, Modal } from 'semantic-ui-react';
import { formatYuan, useSubmit } from '@rc/shared-utility';
import { QuoteSummary, useQuote } from '../instances/quote-summary';
import { isStaleQuote } from '../instances/quote-rules';
import { buyPackage, quotePackage, type HpcPackageProduct } from './hpc-api';
import { formatHours } from './hpc-parts';
import '../instances/instances.css';

/**
 * Buying a core-hour package: the server's quote (amount, the 超算 voucher it takes off, balance before and after) first,
 * then 确认购买 with it.
 */
interface BuyPackageDialogProps {
  product: HpcPackageProduct;
  close: (bought: boolean) => void;
  toRecharge: () => void;
}

export function BuyPackageDialog({ product, close, toRecharge }: BuyPackageDialogProps) {
  const [voucherId, setVoucherId] = useState<number | undefined>(undefined);
  const { quote, error, refresh } = useQuote({ productId: product.id, voucherId }, quotePackage);
  const [notice, setNotice] = useState('');
  const { busy, submit } = useSubmit();
  const confirm = () => {
    if (!quote || !quote.enough) return;
    void submit({
      call: async () => {
        const result = await buyPackage(product.id, quote.quoteToken);
        if (isStaleQuote(result)) {
          setNotice('价格或余额已变化，已重新报价，请核对金额后再确认');
          refresh();
        } else if (result.code !== 200) {
          setNotice(result.msg);
        }
        return result;
      },
      success: `已购买「${product.name}」`,
      then: () => close(true),
    });
  };
  return (
    <Modal open size="tiny" onClose={() => close(false)} className="rc-hpc-buy-dialog">
      <Modal.Header>购买核时资源包</Modal.Header>
      <Modal.Content>
        <p>
          <b>{product.name}</b>：{formatHours(product.coreHours)} 核时，{product.clusterName}可用，购买后 {product.validDays} 天内有效，售价{' '}
          {formatYuan(product.price)}。作业结束时先从资源包抵扣核时，用完后再从余额扣费。
        </p>
        <QuoteSummary
          quote={quote}
          error={error}
          notice={notice}
          withUnitPrice={false}
          shortfall="余额不足，请先充值后再购买"
          onVoucher={setVoucherId}
        />
      </Modal.Content>
      <Modal.Actions>
        {quote && !quote.enough ? <Button basic className="rc-to-recharge" content="去充值" onClick={toRecharge} /> : null}
        <Button content="取消" onClick={() => close(false)} />
        <Button
          primary
          className="rc-hpc-buy-confirm"
          loading={busy}
          disabled={busy || !quote?.enough}
          content="确认购买"
          onClick={confirm}
        />
      </Modal.Actions>
    </Modal>
  );
}
