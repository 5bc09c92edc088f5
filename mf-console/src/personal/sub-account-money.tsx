import { useCallback, useState } from 'react';
import { Button, Form, Segment, Table } from 'semantic-ui-react';
import {
  FieldError,
  formatDateTime,
  formatYuan,
  PagedTable,
  parseYuan,
  useLoaded,
  usePagedList,
  useSubmit,
  type Paging,
} from '@rc/shared-utility';
import {
  allotToSubAccount,
  recallFromSubAccount,
  saveSubAccountBudget,
  subAccountMoney,
  subAccountTransfers,
  type SubUser,
} from './personal-api';

const amountError = (text: string) => ((parseYuan(text) ?? 0) > 0 ? undefined : '请输入大于 0 的金额（元，最多两位小数）');

/** Allot and recall cash (sub-accounts that keep their own balance), the log of both, and the monthly budget. */
export function SubAccountMoneyPanel({ sub, done }: { sub: SubUser; done: () => void }) {
  const money = useLoaded(useCallback(() => subAccountMoney(sub.id), [sub.id]));
  const log = usePagedList(useCallback((paging: Paging) => subAccountTransfers(sub.id, paging), [sub.id]));
  const [amount, setAmount] = useState('');
  const [budget, setBudget] = useState('');
  const transfer = useSubmit<'amount'>();
  const budgetForm = useSubmit<'budget'>();
  const refresh = () => {
    setAmount('');
    void money.reload();
    void log.reload();
    done();
  };
  const move = (call: (id: number, value: number) => ReturnType<typeof allotToSubAccount>) =>
    void transfer.submit({ check: () => ({ amount: amountError(amount) }), call: () => call(sub.id, parseYuan(amount)!), then: refresh });
  const saveBudget = (value: number | null) =>
    void budgetForm.submit({
      check: () => ({ budget: value === null ? undefined : amountError(budget) }),
      call: () => saveSubAccountBudget(sub.id, value),
      then: () => {
        setBudget('');
        void money.reload();
      },
    });
  const current = money.data;

  return (
    <>
      {sub.shareBalance ? null : (
        <Segment className="rc-sub-transfer">
          <h4>划拨与回收</h4>
          <Form onSubmit={() => move(allotToSubAccount)}>
            <Form.Group inline>
              <Form.Input name="amount" label="金额（元）" value={amount} onChange={(_, data) => setAmount(data.value)} />
              <Button primary type="submit" loading={transfer.busy} disabled={transfer.busy} content="划拨给子账号" />
              <Button basic type="button" disabled={transfer.busy} content="从子账号回收" onClick={() => move(recallFromSubAccount)} />
            </Form.Group>
            <FieldError message={transfer.errors.amount} />
          </Form>
          <PagedTable
            list={log}
            className="rc-sub-transfer-log"
            columns={['时间', '操作', '金额']}
            empty="暂无划拨记录"
            row={(row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{formatDateTime(row.gmtCreate)}</Table.Cell>
                <Table.Cell>{row.amount > 0 ? '划拨' : '回收'}</Table.Cell>
                <Table.Cell className="rc-amount">{formatYuan(Math.abs(row.amount))}</Table.Cell>
              </Table.Row>
            )}
          />
        </Segment>
      )}
      <Segment className="rc-sub-budget">
        <h4>月度预算</h4>
        <p className="rc-muted">
          本月已消费 {current ? formatYuan(current.chargedThisMonth) : '…'}；
          {current?.monthlyBudget == null ? '未设置预算。' : `预算 ${formatYuan(current.monthlyBudget)}。`}
          达到预算后子账号运行中的实例将自动关机，主账号和子账号都会收到消息。
        </p>
        <Form onSubmit={() => saveBudget(parseYuan(budget))}>
          <Form.Group inline>
            <Form.Input name="budget" label="预算（元/月）" value={budget} onChange={(_, data) => setBudget(data.value)} />
            <Button primary type="submit" loading={budgetForm.busy} disabled={budgetForm.busy} content="保存预算" />
            {current?.monthlyBudget != null ? (
              <Button basic type="button" disabled={budgetForm.busy} content="取消预算" onClick={() => saveBudget(null)} />
            ) : null}
          </Form.Group>
          <FieldError message={budgetForm.errors.budget} />
        </Form>
      </Segment>
    </>
  );
}
