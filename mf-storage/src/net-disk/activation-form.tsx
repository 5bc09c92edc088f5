import { useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { bus, dialogs, FieldError, formatYuan, IntegerInput, runAction, useVoucherRequote, VoucherChoice } from '@rc/shared-utility';
import { activate, dayAmountOf, quoteActivation, type NetDiskRegion, type NetDiskTerms } from './net-disk-api';

function priceText(sizeGb: number, terms: NetDiskTerms) {
  const day = dayAmountOf(sizeGb, terms);
  return day === 0 ? `免费（${terms.freeGb} GB 以内不收费）` : `${formatYuan(day)}/天（约 ${formatYuan(day * 30)}/月）`;
}

/** What is charged now, 「代金券抵扣 ¥x」 with the 存储 voucher the quote picked (or another, or none), and the balance after. */
function ActivationQuote({
  first,
  requote,
  onQuote,
}: {
  first: MoneyQuote;
  requote: (voucherId: number) => ReturnType<typeof quoteActivation>;
  onQuote: (quote: MoneyQuote) => void;
}) {
  const { quote, choose } = useVoucherRequote(first, requote, onQuote);
  if (quote.amount <= 0) return null;
  return (
    <div className="rc-activation-quote">
      <div className="rc-quote-line">
        <span>本次扣费</span>
        <b className="rc-price">{formatYuan(quote.amount)}</b>
      </div>
      <VoucherChoice voucher={quote.voucher} vouchers={quote.vouchers} onChoose={choose} />
      <div className="rc-quote-line">
        <span>余额</span>
        <span>
          {formatYuan(quote.balance)} → 确认后 {formatYuan(quote.balanceAfter)}
        </span>
      </div>
    </div>
  );
}

/**
 * Activates the region's network disk, or changes its size: the price shows before the user confirms
 * in a dialog that says what is charged now (the first day, or the difference until the paid day ends), quoted by the
 * server with the 存储 voucher it takes off, and pays with that quote.
 */
export function ActivationForm({ region, terms, onDone }: { region: NetDiskRegion; terms: NetDiskTerms; onDone: () => void }) {
  const activated = region.status !== 0;
  const [sizeGb, setSizeGb] = useState(activated ? region.sizeGb : Math.max(terms.freeGb, 1));
  const [busy, setBusy] = useState(false);
  const problem =
    sizeGb < 1
      ? '容量至少 1 GB'
      : sizeGb > terms.maxGb
        ? `容量不能超过 ${terms.maxGb} GB`
        : activated && sizeGb === region.sizeGb
          ? '容量未改变'
          : null;

  const submit = async () => {
    if (problem) return;
    const day = dayAmountOf(sizeGb, terms);
    const growth = activated ? day - region.dayAmount : day;
    const now = activated
      ? growth > 0
        ? `本计费日剩余时间按差价补扣（最多 ${formatYuan(growth)}），此后每天 ${formatYuan(day)}。`
        : '缩容不退还本计费日已付的费用，次日起按新容量计费。'
      : day > 0
        ? `开通时先扣首日费用 ${formatYuan(day)}，此后每天扣费。`
        : '在免费额度内，不产生费用。';
    const requote = (voucherId?: number) => quoteActivation(region.regionCode, sizeGb, voucherId);
    const quoted = await runAction(() => requote(), { success: false });
    if (quoted.code !== 200) return;
    let quote = quoted.data;
    const confirmed = await dialogs.confirm({
      title: activated ? '调整网盘容量' : '开通网盘',
      content: (
        <div className="rc-activation-confirm">
          <p>
            地区：{region.regionName}；容量：{activated ? `${region.sizeGb} GB → ` : ''}
            {sizeGb} GB
          </p>
          <p>价格：{priceText(sizeGb, terms)}</p>
          <p>{now}</p>
          <ActivationQuote first={quote} requote={requote} onQuote={(next) => (quote = next)} />
        </div>
      ),
      confirmText: activated ? '确认调整' : '确认开通',
    });
    if (!confirmed) return;
    setBusy(true);
    await runAction(() => activate(region.regionCode, sizeGb, quote.quoteToken), {
      success: (result) =>
        result.charged > 0
          ? `${activated ? '容量已调整' : '网盘已开通'}，扣费 ${formatYuan(result.charged)}`
          : activated
            ? '容量已调整'
            : '网盘已开通',
      then: () => {
        bus.emit('counters:changed', {});
        onDone();
      },
    });
    setBusy(false);
  };

  return (
    <Form className="rc-activation-form" onSubmit={() => void submit()}>
      <Form.Group inline>
        <Form.Field error={Boolean(problem) && problem !== '容量未改变'}>
          <label>{activated ? '新容量' : '容量'}</label>
          <IntegerInput
            className="rc-size-input"
            value={sizeGb}
            min={1}
            max={terms.maxGb}
            label={{ basic: true, content: 'GB' }}
            labelPosition="right"
            onChange={setSizeGb}
          />
        </Form.Field>
        <span className="rc-price">{priceText(sizeGb, terms)}</span>
        <Button primary type="submit" loading={busy} disabled={busy || Boolean(problem)} className="rc-activate">
          {activated ? '调整容量' : '开通网盘'}
        </Button>
      </Form.Group>
      <FieldError message={problem && problem !== '容量未改变' ? problem : undefined} />
      <p className="rc-muted">
        免费额度 {terms.freeGb} GB，超出部分 {formatYuan(terms.monthPricePerGb)}/GB/月，按天扣费；每 GB 可存 {terms.filesPerGb}{' '}
        个文件。网盘挂载在该地区实例的 /root/netdisk。
      </p>
    </Form>
  );
}
