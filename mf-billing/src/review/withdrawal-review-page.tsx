import { useCallback, useState } from 'react';
import { Button, Dropdown, Form, Label, Modal, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  useSubmit,
  type Paging,
  type ScreenProps,
} from '@rc/shared-utility';
import { withdrawalStatusColors, type Withdrawal } from '../earnings/earnings-api';
import { approveWithdrawal, rejectWithdrawal, withdrawalsToReview } from './review-api';

const statusOptions = ['申请中', '打款中', '已到账', '已驳回', '已取消'].map((text, value) => ({ key: value, value, text }));

function RejectDialog({ withdrawal, close }: { withdrawal: Withdrawal; close: (changed: boolean) => void }) {
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit<'reason'>();
  return (
    <Modal open size="tiny" onClose={() => close(false)}>
      <Modal.Header>驳回提现</Modal.Header>
      <Modal.Content>
        <p>
          {withdrawal.mobile} 申请提现 {formatYuan(withdrawal.amount)}，驳回后款项退回其可提现收益。
        </p>
        <Form>
          <Form.TextArea
            label="驳回原因（将通知用户）"
            name="reason"
            value={reason}
            maxLength={100}
            error={errors.reason}
            onChange={(_, data) => setReason(String(data.value ?? ''))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button content="取消" onClick={() => close(false)} />
        <Button
          negative
          loading={busy}
          disabled={busy}
          content="驳回"
          onClick={() =>
            void submit({
              check: () => ({ reason: reason.trim() ? undefined : '请填写驳回原因' }),
              call: () => rejectWithdrawal(withdrawal.id, reason.trim()),
              then: () => close(true),
            })
          }
        />
      </Modal.Actions>
    </Modal>
  );
}

/** `/account/review/withdrawal` (提现审核, operators): approve (the payout provider pays) or reject with a reason. */
export function WithdrawalReviewPage(_: ScreenProps) {
  const [status, setStatus] = useState<number | undefined>(0);
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null);
  const list = usePagedList(useCallback((paging: Paging) => withdrawalsToReview({ ...paging, status }), [status]));
  return (
    <PageSection className="rc-withdrawal-review">
      <PageHeader>
        <Dropdown
          selection
          clearable
          placeholder="全部状态"
          options={statusOptions}
          value={status ?? ''}
          onChange={(_, data) => {
            setStatus(data.value === '' ? undefined : Number(data.value));
            list.setPageNum(1);
          }}
        />
      </PageHeader>
      <PagedTable
        list={list}
        className="rc-review-table"
        columns={['申请时间', '申请人', '金额', '手续费', '应打款', '收款账户', '状态', '']}
        empty="没有待审核的提现"
        row={(row) => (
          <Table.Row key={row.id} className="rc-review-row">
            <Table.Cell>{formatDateTime(row.gmtCreate)}</Table.Cell>
            <Table.Cell>{row.mobile}</Table.Cell>
            <Table.Cell className="rc-amount">{formatYuan(row.amount)}</Table.Cell>
            <Table.Cell className="rc-amount">{formatYuan(row.fee)}</Table.Cell>
            <Table.Cell className="rc-amount">{formatYuan(row.arrival)}</Table.Cell>
            <Table.Cell>
              {row.payeeChannel === 'alipay' ? '支付宝' : row.bankName} {row.payeeAccount}（{row.payeeName}）
            </Table.Cell>
            <Table.Cell>
              <Label size="small" basic color={withdrawalStatusColors[row.status]}>
                {row.statusName}
              </Label>
              {row.reason ? <div className="rc-muted">{row.reason}</div> : null}
            </Table.Cell>
            <Table.Cell>
              {row.status === 0 ? (
                <>
                  <Button
                    primary
                    size="mini"
                    content="通过并打款"
                    onClick={() => void runAction(() => approveWithdrawal(row.id), { then: () => list.reload() })}
                  />
                  <Button basic size="mini" content="驳回" onClick={() => setRejecting(row)} />
                </>
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
      {rejecting ? (
        <RejectDialog
          withdrawal={rejecting}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
    </PageSection>
  );
}
