import { useCallback, useState } from 'react';
import { Button, Dropdown, Label, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type Paging,
  type ScreenProps,
  ReasonDialog,
} from '@rc/shared-utility';
import { withdrawalStatusColors, type Withdrawal } from '../earnings/earnings-api';
import { approveWithdrawal, rejectWithdrawal, withdrawalsToReview } from './review-api';

const statusOptions = ['申请中', '打款中', '已到账', '已驳回', '已取消'].map((text, value) => ({ key: value, value, text }));

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
          aria-label="状态"
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
        <ReasonDialog
          header="驳回提现"
          label="驳回原因（将通知用户）"
          maxLength={100}
          tooShort="请填写驳回原因"
          send={(reason) => rejectWithdrawal(rejecting.id, reason)}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        >
          {rejecting.mobile} 申请提现 {formatYuan(rejecting.amount)}，驳回后款项退回其可提现收益。
        </ReasonDialog>
      ) : null}
    </PageSection>
  );
}
