import { useCallback, useState } from 'react';
import { Button, Dropdown, Form, Input, Label, Message, Table } from 'semantic-ui-react';
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
  SmsCodeButton,
  useLoaded,
  usePagedList,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import {
  cancelWithdrawal,
  myWithdrawals,
  payeeAccountName,
  payeeAccounts,
  requestWithdrawal,
  withdrawalOptions,
  withdrawalStatusColors,
  type PayeeAccount,
  type WithdrawalOptions,
} from './earnings-api';
import { PayeeAccountsSection } from './payee-accounts-section';
import './earnings.css';

type Field = 'amount' | 'payeeAccountId' | 'code';

function feeOf(options: WithdrawalOptions, amount: number) {
  return Math.min(amount, Math.max(options.minFee, Math.floor((amount * options.feeBasisPoints) / 10_000)));
}

/** The amount with its fee and what arrives, one of the saved payee accounts, and the withdraw code sent to the bound mobile. */
function WithdrawForm({ options, accounts, done }: { options: WithdrawalOptions; accounts: PayeeAccount[]; done: () => void }) {
  const [amountText, setAmountText] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const { busy, errors, submit } = useSubmit<Field>();
  const amount = parseYuan(amountText);
  const fee = amount === null ? null : feeOf(options, amount);
  const payeeAccountId = accounts.some((account) => account.id === chosen) ? chosen : (accounts[0]?.id ?? null);

  const check = () => ({
    amount:
      amount === null
        ? '请输入提现金额（元，最多两位小数）'
        : amount < options.minAmount
          ? `单笔最低提现 ${formatYuan(options.minAmount)}`
          : amount > options.withdrawable
            ? '超过可提现收益'
            : undefined,
    payeeAccountId: payeeAccountId === null ? '请先在「卡信息」中添加收款账户' : undefined,
    code: /^\d{6}$/.test(code.trim()) ? undefined : '请输入6位验证码',
  });

  return (
    <Form
      className="rc-narrow-form rc-withdraw-form"
      onSubmit={() =>
        void submit({
          check,
          call: () => requestWithdrawal({ amount: amount!, payeeAccountId: payeeAccountId!, code: code.trim() }),
          then: () => {
            setAmountText('');
            setCode('');
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
      <Form.Field error={Boolean(errors.payeeAccountId)}>
        <label>收款账户（收款人：{options.realName}）</label>
        <Dropdown
          selection
          className="rc-payee-choice"
          placeholder="请先在「卡信息」中添加收款账户"
          value={payeeAccountId ?? undefined}
          options={accounts.map((account) => ({ key: account.id, value: account.id, text: payeeAccountName(account) }))}
          onChange={(_, data) => setChosen(Number(data.value))}
        />
        <FieldError message={errors.payeeAccountId} />
      </Form.Field>
      <Form.Field error={Boolean(errors.code)}>
        <label>验证码（发送至本账号绑定的手机）</label>
        <Input
          name="code"
          value={code}
          maxLength={6}
          onChange={(_, data) => setCode(data.value)}
          action={<SmsCodeButton type="withdraw" />}
        />
        <FieldError message={errors.code} />
      </Form.Field>
      <Button primary type="submit" loading={busy} disabled={busy}>
        申请提现
      </Button>
    </Form>
  );
}

/** `/account/draw_money` (提现): the withdrawal form, the saved payee accounts (卡信息), and the withdrawal records. */
export function DrawMoneyPage(_: ScreenProps) {
  const options = useLoaded(useCallback(() => withdrawalOptions(), []));
  const accounts = useLoaded(useCallback(() => payeeAccounts(), []));
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
            {options.data.realName === null ? (
              <Message
                warning
                header="请先完成实名认证"
                content="提现只能打款到与实名认证姓名一致的收款账户。请在「实名认证」中完成认证后再添加收款账户、申请提现。"
              />
            ) : (
              <WithdrawForm options={options.data} accounts={accounts.data?.list ?? []} done={refresh} />
            )}
          </>
        )}
      </PageSection>
      <PayeeAccountsSection accounts={accounts} realName={options.data?.realName ?? null} />
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
