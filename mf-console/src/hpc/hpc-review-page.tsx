import { useCallback, useState } from 'react';
import { Button, Dropdown, Label, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  PageHeader,
  PageSection,
  PagedTable,
  ReasonDialog,
  runAction,
  usePagedList,
  type Paging,
} from '@rc/shared-utility';
import { applicationsToReview, approveApplication, rejectApplication, type HpcReviewItem } from './hpc-api';
import './hpc.css';

const statusOptions = ['审核中', '已开通', '已驳回', '开通失败'].map((text, index) => ({ key: index + 1, value: index + 1, text }));
const statusColors = { 1: 'orange', 2: 'green', 3: 'red', 4: 'red' } as const;

/** `/account/review/hpc` (超算开通审核, operators): applications to open HPC on a cluster; 通过 creates the account, 驳回 sends the reason. */
export function HpcReviewPage() {
  const [status, setStatus] = useState(1);
  const [rejecting, setRejecting] = useState<HpcReviewItem | null>(null);
  const list = usePagedList(useCallback((paging: Paging) => applicationsToReview(paging, status), [status]));
  return (
    <PageSection className="rc-hpc-review">
      <PageHeader>
        <Dropdown
          selection
          className="rc-hpc-review-status"
          aria-label="状态"
          options={statusOptions}
          value={status}
          onChange={(_, data) => {
            setStatus(Number(data.value));
            list.setPageNum(1);
          }}
        />
      </PageHeader>
      <PagedTable
        list={list}
        className="rc-review-table"
        columns={['申请人', '集群', '用途说明', '申请时间', '状态', '操作']}
        empty={status === 1 ? '没有待审核的超算开通申请' : '没有这一状态的申请'}
        row={(item) => (
          <Table.Row key={item.id} className="rc-review-row" data-application={item.id} data-mobile={item.mobile}>
            <Table.Cell collapsing>
              {item.nickname}
              <div className="rc-muted">{item.mobile}</div>
            </Table.Cell>
            <Table.Cell collapsing>{item.clusterName}</Table.Cell>
            <Table.Cell className="rc-hpc-review-purpose">{item.purpose}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(item.appliedAt)}</Table.Cell>
            <Table.Cell>
              <Label size="small" basic color={statusColors[item.status as keyof typeof statusColors]} content={item.statusText} />
              {item.status === 2 ? <div className="rc-muted">账号 {item.unixName}</div> : null}
              {item.reason ? <div className="rc-muted">{item.reason}</div> : null}
            </Table.Cell>
            <Table.Cell collapsing>
              {item.status === 1 || item.status === 4 ? (
                <>
                  <Button
                    size="mini"
                    primary
                    className="rc-hpc-approve"
                    content={item.status === 4 ? '重试开通' : '通过'}
                    onClick={() => void runAction(() => approveApplication(item.id), { then: () => list.reload() })}
                  />
                  <Button size="mini" negative basic className="rc-hpc-reject" content="驳回" onClick={() => setRejecting(item)} />
                </>
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
      {rejecting ? (
        <ReasonDialog
          header="驳回超算开通申请"
          label="驳回原因（将通知用户）"
          maxLength={300}
          minLength={2}
          tooShort="请填写2-300字的驳回原因"
          send={(reason) => rejectApplication(rejecting.id, reason)}
          close={(changed) => {
            setRejecting(null);
            if (changed) void list.reload();
          }}
        >
          驳回 {rejecting.nickname}（{rejecting.mobile}）在 {rejecting.clusterName} 的开通申请，用户可修改后重新申请。
        </ReasonDialog>
      ) : null}
    </PageSection>
  );
}
