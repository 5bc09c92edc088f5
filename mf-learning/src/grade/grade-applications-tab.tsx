import { useCallback, useState } from 'react';
import { Button, Checkbox, Label, Statistic, Table } from 'semantic-ui-react';
import { formatDateTime, PagedTable, ReasonDialog, runAction, useLoaded, usePagedList, type Paging } from '@rc/shared-utility';
import {
  applyStatusColors,
  applyStatusNames,
  applySummary,
  auditApplication,
  auditBatch,
  gradeApplications,
  ignoreApplications,
  type ApplyRecord,
  type GradeView,
} from './grade-api';

/** Which applications a decision is for: one, or the checked ones. */
type Deciding = { approve: boolean; records: ApplyRecord[] };

/** The class's applications, pending first: approve or reject one or the checked ones with a note, or ignore them. */
export function GradeApplicationsTab({ grade, changed }: { grade: GradeView; changed: () => void }) {
  const fetchPage = useCallback((paging: Paging) => gradeApplications(grade.gradeId, paging), [grade.gradeId]);
  const list = usePagedList(fetchPage);
  const fetchSummary = useCallback(() => applySummary(grade.gradeId), [grade.gradeId]);
  const summary = useLoaded(fetchSummary);
  const [checked, setChecked] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const reload = async () => {
    setChecked([]);
    await Promise.all([list.reload(), summary.reload()]);
    changed();
  };
  const pending = list.page.list.filter((record) => record.status === 0);
  const chosen = pending.filter((record) => checked.includes(record.recordId));
  const toggle = (recordId: number) =>
    setChecked((ids) => (ids.includes(recordId) ? ids.filter((id) => id !== recordId) : [...ids, recordId]));
  const decide = (note: string) => {
    const { approve, records } = deciding!;
    if (records.length === 1) return auditApplication(records[0]!.recordId, approve, note);
    return auditBatch(
      grade.gradeId,
      records.map((record) => record.recordId),
      approve,
      note,
    );
  };
  const ignore = () => void runAction(() => ignoreApplications(grade.gradeId, checked), { then: reload });
  const counts = summary.data;
  return (
    <>
      {counts ? (
        <Statistic.Group size="mini" className="rc-apply-summary">
          <Statistic color="orange" label="待审核" value={counts.pending} />
          <Statistic color="green" label="已通过" value={counts.approved} />
          <Statistic color="red" label="未通过" value={counts.rejected} />
          <Statistic color="grey" label="已忽略" value={counts.ignored} />
        </Statistic.Group>
      ) : null}
      <div className="rc-grade-toolbar" style={{ margin: '12px 0' }}>
        <Checkbox
          label="全选待审核"
          checked={pending.length > 0 && chosen.length === pending.length}
          disabled={pending.length === 0}
          onChange={(_, d) => setChecked(d.checked ? pending.map((record) => record.recordId) : [])}
        />
        <Button
          size="small"
          positive
          disabled={chosen.length === 0}
          className="rc-batch-approve"
          content={`批量通过（${chosen.length}）`}
          onClick={() => setDeciding({ approve: true, records: chosen })}
        />
        <Button
          size="small"
          negative
          basic
          disabled={chosen.length === 0}
          className="rc-batch-reject"
          content="批量拒绝"
          onClick={() => setDeciding({ approve: false, records: chosen })}
        />
        <Button
          size="small"
          basic
          disabled={chosen.length === 0}
          className="rc-batch-ignore"
          content="忽略"
          title="忽略后申请人不会收到通知"
          onClick={ignore}
        />
      </div>
      <PagedTable
        list={list}
        columns={['', '申请人', '申请理由', '申请时间', '状态', '操作']}
        empty="还没有入班申请"
        className="rc-grade-applications"
        row={(record) => (
          <Table.Row key={record.recordId} data-record={record.recordId}>
            <Table.Cell collapsing>
              {record.status === 0 ? (
                <Checkbox
                  aria-label={`选择 ${record.nickname}`}
                  checked={checked.includes(record.recordId)}
                  onChange={() => toggle(record.recordId)}
                />
              ) : null}
            </Table.Cell>
            <Table.Cell>{record.nickname}</Table.Cell>
            <Table.Cell>{record.reason}</Table.Cell>
            <Table.Cell collapsing>{formatDateTime(record.createdAt)}</Table.Cell>
            <Table.Cell collapsing>
              <Label size="mini" color={applyStatusColors[record.status]} content={applyStatusNames[record.status]} />
              {record.auditNote ? <div className="rc-muted">{record.auditNote}</div> : null}
            </Table.Cell>
            <Table.Cell collapsing>
              {record.status === 0 ? (
                <>
                  <Button
                    size="mini"
                    positive
                    className="rc-apply-approve"
                    content="通过"
                    onClick={() => setDeciding({ approve: true, records: [record] })}
                  />
                  <Button
                    size="mini"
                    basic
                    negative
                    className="rc-apply-reject"
                    content="拒绝"
                    onClick={() => setDeciding({ approve: false, records: [record] })}
                  />
                </>
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      />
      {deciding ? (
        <ReasonDialog
          header={`${deciding.approve ? '通过' : '拒绝'}${deciding.records.length === 1 ? `「${deciding.records[0]!.nickname}」的申请` : ` ${deciding.records.length} 条申请`}`}
          label={deciding.approve ? '留言（选填）' : '拒绝原因（选填，会发送给申请人）'}
          maxLength={200}
          minLength={0}
          tooShort=""
          confirm={deciding.approve ? '通过' : '拒绝'}
          send={decide}
          close={(sent) => {
            setDeciding(null);
            if (sent) void reload();
          }}
        />
      ) : null}
    </>
  );
}
