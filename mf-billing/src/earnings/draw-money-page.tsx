import { useCallback, useState } from 'react';
import { Button, Form, Label, Message, Table } from 'semantic-ui-react';
import {
  ErrorState,
  FieldError,
  formatDateTime,
  formatYuan,
  LoadingState,
  PageHeader,
  parseYuan,
  PageSection,
  PagedTable,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  cancelWithdrawal,
  myWithdrawals,
  requestWithdrawal,
  withdrawalOptions,
  withdrawalStatusColors,
  type WithdrawalBody,
  type WithdrawalOptions,
} from './earnings-api';
import './earnings.css';

type Field = 'amount' | 'payeeAccount' | 'bankName';

function feeOf(options: WithdrawalOptions, amount: number) {
  return Math.min(amount, Math.max(options.minFee, Math.floor((amount * options.feeBasisPoints) / 10_000)));
}

function WithdrawForm({ options, done }: { options: WithdrawalOptions; done: () => void }) {
  const [amountText, setAmountText] = useState('');
  const [channel, setChannel] = useState<WithdrawalBody['payeeChannel']>('alipay');
  const [account, setAccount] = useState('');
  const [bankName, setBankName] = useState('');
  const { busy, errors, submit } = useSubmit<Field>();
  const amount = parseYuan(amountText);
  const fee = amount === null ? null : feeOf(options, amount);

  if (options.realName === null)
    return (
      <Message
        warning
        header="请先完成实名认证"
        content="提现只能打款到与实名认证姓名一致的收款账户。请在「实名认证」中完成认证后再申请提现。"
      />
    );

  const check = () => ({
    amount:
      amount === null
        ? '请输入提现金额（元，最多两位小数）'
        : amount < options.minAmount
          ? `单笔最低提现 ${formatYuan(options.minAmount)}`
          : amount > options.withdrawable
            ? '超过可提现收益'
            : undefined,
    payeeAccount: account.trim() ? undefined : channel === 'alipay' ? '请输入支付宝账号' : '请输入银行卡号',
    bankName: channel === 'bank' && !bankName.trim() ? '请输入开户银行' : undefined,
  });

  return (
    <Form
      className="rc-narrow-form rc-withdraw-form"
      onSubmit={() =>
        void submit({
          check,
          call: () =>
            requestWithdrawal({
              amount: amount!,
              payeeChannel: channel,
              payeeAccount: account.trim(),
              payeeName: options.realName!,
              bankName,
            }),
          then: () => {
            setAmountText('');
            done();
          },
        })
      }
    >
      <Form.Field error={Boolean(errors.amount)}>
        <label>提现金额（元）</label>
        <Form.Input
          name="amount"
          value={amountText}
          placeholder={`可提现 ${formatYuan(options.withdrawable)}`}
          onChange={(_, data) => setAmountText(data.value)}
          action={{ type: 'button', content: '全部', onClick: () => setAmountText((options.withdrawable / 1000).toFixed(2)) }}
        />
        <FieldError message={errors.amount} />
      </Form.Field>
      <p className="rc-withdraw-summary">
        单笔最低 {formatYuan(options.minAmount)}；手续费 {options.feeBasisPoints / 100}%（最低 {formatYuan(options.minFee)}）：
        <strong className="rc-withdraw-fee">{fee === null ? '—' : formatYuan(fee)}</strong>，实际到账{' '}
        <strong className="rc-withdraw-arrival">{amount === null || fee === null ? '—' : formatYuan(amount - fee)}</strong>
      </p>
      <Form.Group inline>
        <label>收款方式</label>
        <Form.Radio label="支付宝" checked={channel === 'alipay'} onChange={() => setChannel('alipay')} />
        <Form.Radio label="银行卡" checked={channel === 'bank'} onChange={() => setChannel('bank')} />
      </Form.Group>
      <Form.Field error={Boolean(errors.payeeAccount)}>
        <label>{channel === 'alipay' ? '支付宝账号（手机号或邮箱）' : '银行卡号'}</label>
        <Form.Input name="payeeAccount" value={account} maxLength={40} onChange={(_, data) => setAccount(data.value)} />
        <FieldError message={errors.payeeAccount} />
      </Form.Field>
      {channel === 'bank' ? (
        <Form.Field error={Boolean(errors.bankName)}>
          <label>开户银行</label>
          <Form.Input name="bankName" value={bankName} maxLength={60} onChange={(_, data) => setBankName(data.value)} />
          <FieldError message={errors.bankName} />
        </Form.Field>
      ) : null}
      <Form.Input label="收款人" value={options.realName} readOnly />
      <Button primary type="submit" loading={busy} disabled={busy}>
        申请提现
      </Button>
    </Form>
  );
}

/** `/account/draw_money` (提现): the amount with its fee and what arrives, the payee, and the withdrawal records. */
export function DrawMoneyPage(_: ScreenProps) {
  const options = useLoaded(useCallback(() => withdrawalOptions(), []));
  const records = usePagedList(useCallback((paging) => myWithdrawals(paging), []));
  const refresh = () => {
    void options.reload();
    void records.reload();
  };
  return (
    <>
      <PageSection className="rc-draw-money">
        <PageHeader />
        {options.error !== null ? (
          <ErrorState message={options.error} onRetry={() => void options.reload()} />
        ) : !options.data ? (
          <LoadingState />
        ) : (
          <>
            <p>
              可提现收益：<strong className="rc-withdrawable">{formatYuan(options.data.withdrawable)}</strong>
              <span className="rc-muted">（仅收益可提现，充值余额不可提现）</span>
            </p>
            <WithdrawForm options={options.data} done={refresh} />
          </>
        )}
      </PageSection>
      <PageSection title="提现记录">
        <PagedTable
          list={records}
          className="rc-withdrawal-table"
          columns={['申请时间', '金额', '手续费', '到账', '收款账户', '状态', '']}
          empty="暂无提现记录"
          row={(record) => (
            <Table.Row key={record.id} className="rc-withdrawal-row">
              <Table.Cell>{formatDateTime(record.gmtCreate)}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(record.amount)}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(record.fee)}</Table.Cell>
              <Table.Cell className="rc-amount">{formatYuan(record.arrival)}</Table.Cell>
              <Table.Cell>
                {record.payeeChannel === 'alipay' ? '支付宝' : record.bankName} {record.payeeAccount}（{record.payeeName}）
              </Table.Cell>
              <Table.Cell>
                <Label size="small" basic color={withdrawalStatusColors[record.status]}>
                  {record.statusName}
                </Label>
                {record.reason ? <div className="rc-muted">{record.reason}</div> : null}
              </Table.Cell>
              <Table.Cell>
                {record.status === 0 ? (
                  <Button
                    basic
                    size="mini"
                    content="撤回"
                    onClick={() => void runAction(() => cancelWithdrawal(record.id), { then: refresh })}
                  />
                ) : null}
              </Table.Cell>
            </Table.Row>
          )}
        />
      </PageSection>
    </>
  );
}
